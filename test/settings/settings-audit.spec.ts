import { SEED_IDS } from '../../host/seed/seed-ids';
import { BindingHost } from '../docmost-binding/support/binding-host';

/**
 * `POST /api/ai-tools/settings/update` leaves the audit trail Docmost's own workspace update
 * leaves (`WorkspaceService.update`): one `workspace.updated` event with the setting before and
 * after, the admin as actor, and none when nothing changed.
 */
let host: BindingHost;
beforeAll(async () => {
  host = await BindingHost.start();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

function update(person: 'owner' | 'admin' | 'member', deferredTools: boolean) {
  return host.route(person, 'ai-tools/settings/update', { deferredTools });
}

function workspaceUpdated(
  actor: 'owner' | 'admin',
  before: boolean,
  after: boolean,
) {
  return {
    payload: {
      event: 'workspace.updated',
      resourceType: 'workspace',
      resourceId: SEED_IDS.workspace,
      changes: {
        before: { deferredTools: before },
        after: { deferredTools: after },
      },
    },
    context: {
      workspaceId: SEED_IDS.workspace,
      actorId: host.users[actor].id,
      actorType: 'user',
    },
  };
}

it('records each change as workspace.updated with the value before and after, by the admin who made it', async () => {
  const audit = host.docmost.auditService;
  const start = audit.entries().length;

  expect((await update('owner', false)).status).toBe(200);
  expect((await update('admin', true)).status).toBe(200);

  expect(audit.entries().slice(start)).toEqual([
    workspaceUpdated('owner', true, false),
    workspaceUpdated('admin', false, true),
  ]);
});

it('records nothing for a write that changes nothing, or one that is refused', async () => {
  const audit = host.docmost.auditService;
  const start = audit.entries().length;

  // ON already (the default, then the previous test's last write).
  const unchanged = await update('owner', true);
  expect(unchanged.status).toBe(200);
  expect(unchanged.value).toEqual({ deferredTools: true });
  expect((await update('member', false)).status).toBe(403);

  expect(audit.entries().slice(start)).toEqual([]);
});
