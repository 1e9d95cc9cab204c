import { Logger } from '@nestjs/common';
import { auditRecorder } from './docmost-audit';
import type { DocmostAuditPayload } from './docmost-audit-payload';
import type { ServiceCaller } from './docmost-services';

const caller: ServiceCaller = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  aiChatId: 'chat-1',
  call: {
    userId: 'user-1',
    workspaceId: 'workspace-1',
    surface: 'chat',
    sessionId: 'session-1',
  },
};
const payload: DocmostAuditPayload = {
  event: 'share.created',
  resourceType: 'share',
  resourceId: 'share-1',
  spaceId: 'space-1',
  metadata: { pageId: 'page-1', spaceId: 'space-1' },
};

describe('auditRecorder', () => {
  it("writes the event with the person as actor and the agent's provenance in the metadata", async () => {
    const written: unknown[] = [];
    await auditRecorder({
      logWithContext: (entry, context) => {
        written.push({ entry, context });
      },
    })(caller, payload);
    expect(written).toEqual([
      {
        entry: {
          ...payload,
          metadata: {
            pageId: 'page-1',
            spaceId: 'space-1',
            source: 'agent',
            aiChatId: 'chat-1',
          },
        },
        context: {
          workspaceId: 'workspace-1',
          actorId: 'user-1',
          actorType: 'user',
        },
      },
    ]);
  });

  it("writes a person's own action through a module route as Docmost's routes write theirs, without the agent's metadata", async () => {
    const written: unknown[] = [];
    await auditRecorder({
      logWithContext: (entry, context) => {
        written.push({ entry, context });
      },
    })({ ...caller, aiChatId: null, actor: 'user' }, payload);
    expect(written).toEqual([
      {
        entry: payload,
        context: {
          workspaceId: 'workspace-1',
          actorId: 'user-1',
          actorType: 'user',
        },
      },
    ]);
  });

  it('does not fail the write when the audit log refuses the event: it says so in the log', async () => {
    const warned = jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation(() => undefined);
    try {
      await expect(
        auditRecorder({
          logWithContext: async () => {
            throw new Error('audit table is read-only');
          },
        })(caller, payload),
      ).resolves.toBeUndefined();
      expect(warned).toHaveBeenCalledWith(
        'audit event share.created of share share-1 was not written: audit table is read-only',
      );
    } finally {
      warned.mockRestore();
    }
  });
});
