import { SEED_IDS } from '../../host/seed/seed-ids';
import { BindingHost } from './support/binding-host';

/**
 * Docmost's sharing rule (`isSharingAllowed`): no public link where the workspace's or the
 * space's `settings.sharing.disabled` is true, neither a share (sharePage) nor a stash link
 * (stashPage), and the refusal names the setting.
 */
let host: BindingHost;
beforeAll(async () => {
  host = await BindingHost.start();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

const LEVELS = [
  {
    level: 'workspace',
    table: 'workspaces',
    id: SEED_IDS.workspace,
    setting: /workspaces\.settings\.sharing\.disabled/,
  },
  {
    level: 'space',
    table: 'spaces',
    id: SEED_IDS.spaces.product,
    setting: /spaces\.settings\.sharing\.disabled/,
  },
] as const;

async function publicLinks(pageId: string) {
  const db = host.database.db;
  const shares = await db
    .selectFrom('shares')
    .select('id')
    .where('pageId', '=', pageId)
    .execute();
  const stashes = await db
    .selectFrom('aiToolsPageStashes' as never)
    .select('id' as never)
    .where('pageId' as never, '=', pageId as never)
    .execute();
  return { shares: shares.length, stashes: stashes.length };
}

describe.each(LEVELS)(
  'sharing disabled for the $level',
  ({ table, id, setting }) => {
    afterEach(async () => {
      await host.setSetting(table, id, ['sharing', 'disabled'], undefined);
    });

    it('refuses sharePage and stashPage naming the setting, as the route refuses, and makes no link', async () => {
      const page = await host.newPage('Not for the public');
      await host.setSetting(table, id, ['sharing', 'disabled'], true);

      const shared = await host.agent('owner', 'sharePage', { pageId: page });
      expect(shared.ok).toBe(false);
      expect(shared.value).toMatch(setting);
      const stashed = await host.agent('owner', 'stashPage', {
        pageId: page,
        format: 'markdown',
      });
      expect(stashed.ok).toBe(false);
      expect(stashed.value).toMatch(setting);
      const route = await host.route('owner', 'shares/create', {
        pageId: page,
      });
      expect(route.status).toBe(403);
      expect(await publicLinks(page)).toEqual({ shares: 0, stashes: 0 });

      // The same calls once the setting is off again: the refusal was the setting's.
      await host.setSetting(table, id, ['sharing', 'disabled'], false);
      expect(
        (await host.agent('owner', 'sharePage', { pageId: page })).ok,
      ).toBe(true);
      expect(
        (
          await host.agent('owner', 'stashPage', {
            pageId: page,
            format: 'markdown',
          })
        ).ok,
      ).toBe(true);
      expect(await publicLinks(page)).toEqual({ shares: 1, stashes: 1 });
    });
  },
);
