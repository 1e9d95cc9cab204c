import { Logger } from '@nestjs/common';
import type { AuditCaller } from './docmost-services';
import type { DocmostAuditPayload } from './docmost-audit-payload';
import type { DocmostAuditServiceShape } from './docmost-service-shapes';
import { errorMessage } from '../ground';

/** Writes one audit event for a write of the caller (by their agent, or by the person). */
export type AuditRecorder = (
  caller: AuditCaller,
  payload: DocmostAuditPayload,
) => Promise<void>;

/** Docmost's `getPageTitle`: the title its audit events record for a page without one. */
export function auditTitle(title: string | null | undefined): string {
  return title || 'untitled';
}

/**
 * Docmost's audit events for the agent's writes and the module's own routes. Docmost's
 * controllers write them (after the service call, for the person in the request); the agent
 * calls the services, not the controllers, so the binding writes the same event, with the person
 * as the actor (it is their write, and Docmost's actor types are only user, system and API key)
 * and, for the agent's writes, its provenance in the metadata: `source: 'agent'` and the chat.
 * A person's action through one of the module's routes (`actor: 'user'`) is recorded as
 * Docmost's routes record theirs, without that metadata. The write has happened by then: as in
 * Docmost, whose controllers do not wait for the audit log, a failure to write the event does
 * not fail the call; it is logged.
 */
export function auditRecorder(
  auditService: DocmostAuditServiceShape | undefined,
): AuditRecorder {
  const logger = new Logger('AiTools');
  return async (caller, payload) => {
    if (!auditService) return;
    try {
      await auditService.logWithContext(
        caller.actor === 'user'
          ? payload
          : {
              ...payload,
              metadata: {
                ...payload.metadata,
                source: 'agent',
                aiChatId: caller.aiChatId,
              },
            },
        {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          actorType: 'user',
        },
      );
    } catch (error) {
      logger.warn(
        `audit event ${payload.event} of ${payload.resourceType} ${payload.resourceId} was not written: ${errorMessage(error)}`,
      );
    }
  };
}
