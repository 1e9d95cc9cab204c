import { Logger } from '@nestjs/common';
import type { ServiceCaller } from './docmost-services';
import type {
  DocmostAuditPayload,
  DocmostAuditServiceShape,
} from './docmost-service-shapes';
import { errorMessage } from '../ground';

/** Writes one audit event for a write the caller's agent made. */
export type AuditRecorder = (
  caller: ServiceCaller,
  payload: DocmostAuditPayload,
) => Promise<void>;

/** Docmost's `getPageTitle`: the title its audit events record for a page without one. */
export function auditTitle(title: string | null | undefined): string {
  return title || 'untitled';
}

/**
 * Docmost's audit events for the agent's writes. Docmost's controllers write them (after the
 * service call, for the person in the request); the agent calls the services, not the
 * controllers, so the binding writes the same event, with the person as the actor (it is their
 * write, and Docmost's actor types are only user, system and API key) and the agent's
 * provenance in the metadata: `source: 'agent'` and the chat. The write has happened by then: as
 * in Docmost, whose controllers do not wait for the audit log, a failure to write the event does
 * not fail the tool call; it is logged.
 */
export function auditRecorder(
  auditService: DocmostAuditServiceShape | undefined,
): AuditRecorder {
  const logger = new Logger('AiTools');
  return async (caller, payload) => {
    if (!auditService) return;
    try {
      await auditService.logWithContext(
        {
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
