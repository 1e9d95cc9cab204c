import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Docmost's community build binds `AUDIT_SERVICE` to a service that does nothing (the enterprise
 * one records). To compare the audit events the agent's writes send with those of Docmost's
 * routes, the prepared copy binds a recorder instead: it appends each event it receives, with
 * its actor, to the file named by `DOCMOST_AUDIT_RECORD_FILE` (one JSON line each). An event
 * sent with `log(payload)` takes its actor from the request's audit context, where Docmost's
 * middleware and actor interceptor put it, as the enterprise service reads it. An adaptation of
 * the prepared copy, printed; the README's lines are not touched.
 */

/** The variable naming the file a server records its audit events to. */
export const AUDIT_RECORD_FILE = 'DOCMOST_AUDIT_RECORD_FILE';

const AUDIT_FOLDER = join('src', 'integrations', 'audit');
const RECORDER_FILE = 'recording-audit.service.ts';

/** The recorder, written for these checks (no code of Docmost's). */
const RECORDER = `import { Injectable } from '@nestjs/common';
import { appendFileSync } from 'node:fs';
import { ClsService } from 'nestjs-cls';
import type { AuditLogContext, IAuditService } from './audit.service';

/** The checks' audit recorder (test/docmost/audit-recording.ts of docmost-ai-tools). */
@Injectable()
export class RecordingAuditService implements IAuditService {
  constructor(private readonly cls: ClsService) {}

  private record(method: string, payload: unknown, context: unknown): void {
    const file = process.env.${AUDIT_RECORD_FILE};
    if (!file) return;
    appendFileSync(file, JSON.stringify({ method, payload, context, at: new Date().toISOString() }) + '\\n');
  }

  private requestContext(): unknown {
    const context = this.cls.isActive() ? this.cls.get('auditContext') : undefined;
    if (!context) return null;
    return { workspaceId: context.workspaceId, actorId: context.actorId, actorType: context.actorType };
  }

  log(payload: any): void {
    this.record('log', payload, this.requestContext());
  }

  logWithContext(payload: any, context: AuditLogContext): void {
    const { workspaceId, actorId, actorType } = context;
    this.record('logWithContext', payload, { workspaceId, actorId: actorId ?? null, actorType: actorType ?? 'user' });
  }

  logBatchWithContext(payloads: any[], context: AuditLogContext): void {
    for (const payload of payloads) this.logWithContext(payload, context);
  }

  setActorId(_actorId: string): void {}

  setActorType(_actorType: any): void {}

  updateRetention(_workspaceId: string, _retentionDays: number): void {}
}
`;

/**
 * Binds the recorder in the server copy at `serverDirectory` (its `src`), before it is built.
 * Returns the sentence to print; throws naming what is missing when this Docmost's audit module
 * is not the one these checks know.
 */
export function recordAuditEvents(serverDirectory: string): string[] {
  const folder = join(serverDirectory, AUDIT_FOLDER);
  const moduleFile = join(folder, 'audit.module.ts');
  if (!existsSync(moduleFile))
    throw new Error(
      `the audit adaptation does not apply: ${moduleFile} is not there (Docmost's community audit module)`,
    );
  const text = readFileSync(moduleFile, 'utf8');
  const binding = 'useClass: NoopAuditService,';
  if (!text.includes(binding))
    throw new Error(
      `the audit adaptation does not apply: ${moduleFile} does not bind AUDIT_SERVICE with "${binding}"`,
    );
  writeFileSync(join(folder, RECORDER_FILE), RECORDER);
  writeFileSync(
    moduleFile,
    `import { RecordingAuditService } from './recording-audit.service';\n${text.replace(
      binding,
      'useClass: RecordingAuditService,',
    )}`,
  );
  return [
    `the community build's audit service does nothing: AUDIT_SERVICE is bound to a recorder (${AUDIT_FOLDER}/${RECORDER_FILE}) that appends what it receives to $${AUDIT_RECORD_FILE}`,
  ];
}

/** One audit event as the recorder received it. */
export interface RecordedAuditEvent {
  readonly method: 'log' | 'logWithContext';
  readonly payload: {
    readonly event: string;
    readonly resourceType?: string;
    readonly resourceId?: string;
    readonly spaceId?: string;
    readonly changes?: unknown;
    readonly metadata?: Record<string, unknown>;
  };
  readonly context: {
    readonly workspaceId: string | null;
    readonly actorId: string | null;
    readonly actorType: string;
  } | null;
}

/** Every event recorded in `file` so far (none when nothing was recorded yet). */
export function recordedAuditEvents(file: string): RecordedAuditEvent[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RecordedAuditEvent);
}
