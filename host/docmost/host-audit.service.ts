import type {
  DocmostAuditContext,
  DocmostAuditPayload,
  DocmostAuditServiceShape,
} from '../../src';
import type { DocmostEffects } from './docmost-effects';

/** One audit event as the reference host keeps it: Docmost's payload and its context. */
export interface HostAuditEntry {
  readonly payload: DocmostAuditPayload;
  readonly context: DocmostAuditContext;
}

/**
 * The reference host's audit service, with the method of Docmost's `IAuditService` that the
 * package and the host's routes call (`logWithContext`). Docmost's enterprise edition stores the
 * events in its `audit` table; the host keeps the latest in memory and records each as an
 * `audit` effect, so a test compares the agent's events with those of the same person's route.
 */
export class HostAuditService implements DocmostAuditServiceShape {
  private readonly kept: HostAuditEntry[] = [];

  constructor(
    private readonly effects: DocmostEffects,
    private readonly limit = 1_000,
  ) {}

  logWithContext(
    payload: DocmostAuditPayload,
    context: DocmostAuditContext,
  ): void {
    this.kept.push({ payload, context });
    if (this.kept.length > this.limit) this.kept.shift();
    this.effects.record({
      kind: 'audit',
      name: payload.event,
      spaceId: payload.spaceId,
      userId: context.actorId,
      subjectId: payload.resourceId,
    });
  }

  /** The latest audit events, oldest first. */
  entries(): readonly HostAuditEntry[] {
    return [...this.kept];
  }
}
