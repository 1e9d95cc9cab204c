import type { DocmostProvenance, ServiceCaller } from '../../src';
import type { HostUser } from './host-repos';

/**
 * The caller the package's database binding takes, for a call of the host's services: the
 * person, and the agent's provenance when the call came from a tool (Docmost's
 * `AuthProvenanceData`), a person's own otherwise.
 */
export function hostCaller(
  user: HostUser,
  workspaceId: string,
  provenance: DocmostProvenance | undefined,
): ServiceCaller {
  const actor = provenance?.actor === 'agent' ? 'agent' : 'user';
  return {
    userId: user.id,
    workspaceId,
    aiChatId: actor === 'agent' ? (provenance?.aiChatId ?? null) : null,
    actor,
    // The database binding reads the page as this person (the resolve's anchor mark).
    call: {
      userId: user.id,
      workspaceId,
      surface: 'chat',
      sessionId: `host:${user.id}`,
    },
  };
}
