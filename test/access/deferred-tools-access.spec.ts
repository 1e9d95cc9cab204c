import { SEED_IDS } from '../../host/seed/seed-ids';
import { DEFERRED_NON_CONTENT_TOOLS } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

const P = SEED_IDS.pages;
const S = SEED_IDS.spaces;
const MISSING = '00000000-0000-4000-8000-00000000dead';

/**
 * For each tool, an input that names something in the Leadership space (where member@acme.test
 * is not a member) and the same input naming a missing id instead. The member must get the same
 * answer for both, so nothing about the Leadership space can be probed.
 */
const CASES: ReadonlyArray<
  readonly [
    tool: string,
    input: (id: string) => Record<string, unknown>,
    hidden: string,
  ]
> = [
  ['getPageJson', (id) => ({ pageId: id }), P.strategy],
  [
    'patchNode',
    (id) => ({ pageId: id, nodeId: '#0', node: { type: 'paragraph' } }),
    P.strategy,
  ],
  [
    'insertNode',
    (id) => ({ pageId: id, node: { type: 'paragraph' } }),
    P.strategy,
  ],
  ['deleteNode', (id) => ({ pageId: id, nodeId: '#0' }), P.strategy],
  [
    'updatePageJson',
    (id) => ({ pageId: id, doc: { type: 'doc', content: [] } }),
    P.strategy,
  ],
  ['getTable', (id) => ({ pageId: id, table: 0 }), P.hiringPlan],
  [
    'tableInsertRow',
    (id) => ({ pageId: id, table: 0, cells: ['x'] }),
    P.hiringPlan,
  ],
  [
    'tableUpdateCell',
    (id) => ({ pageId: id, table: 0, row: 0, column: 0, text: 'x' }),
    P.hiringPlan,
  ],
  ['tableDeleteRow', (id) => ({ pageId: id, table: 0, row: 1 }), P.hiringPlan],
  ['renamePage', (id) => ({ pageId: id, title: 'Mine now' }), P.strategy],
  ['movePage', (id) => ({ pageId: id, parentPageId: null }), P.strategy],
  ['movePage', (id) => ({ pageId: P.pricing, parentPageId: id }), P.strategy],
  ['deletePage', (id) => ({ pageId: id }), P.strategy],
  [
    'copyPageContent',
    (id) => ({ sourcePageId: id, targetPageId: P.weeklySync }),
    P.strategy,
  ],
  [
    'copyPageContent',
    (id) => ({ sourcePageId: P.weeklySync, targetPageId: id }),
    P.strategy,
  ],
  ['listSidebarPages', (id) => ({ spaceId: id }), S.leadership],
  [
    'getPageHistory',
    (id) => ({ historyId: id }),
    SEED_IDS.pageHistory.strategyV1,
  ],
  ['listPageHistory', (id) => ({ pageId: id }), P.strategy],
  ['diffPageVersions', (id) => ({ pageId: id, from: 'current' }), P.strategy],
  [
    'diffPageVersions',
    (id) => ({ pageId: P.releaseNotes, from: id }),
    SEED_IDS.pageHistory.strategyV1,
  ],
  [
    'restorePageVersion',
    (id) => ({ historyId: id }),
    SEED_IDS.pageHistory.strategyV1,
  ],
  ['sharePage', (id) => ({ pageId: id }), P.strategy],
  ['unsharePage', (id) => ({ pageId: id }), P.boardPrep],
  ['listShares', (id) => ({ spaceId: id }), S.leadership],
  [
    'checkNewComments',
    (id) => ({ spaceId: id, since: '2025-01-01T00:00:00Z' }),
    S.leadership,
  ],
];

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

async function leadershipSnapshot() {
  const pages = await database.db
    .selectFrom('pages')
    .selectAll()
    .where('spaceId', '=', S.leadership)
    .orderBy('id')
    .execute();
  const history = await database.db
    .selectFrom('pageHistory')
    .select('id')
    .where('spaceId', '=', S.leadership)
    .execute();
  const shares = await database.db
    .selectFrom('shares')
    .selectAll()
    .where('spaceId', '=', S.leadership)
    .execute();
  return { pages, history: history.length, shares };
}

describe('member outside the Leadership space', () => {
  it('covers every one of the 22 tools', () => {
    expect(new Set(CASES.map(([tool]) => tool))).toEqual(
      new Set(DEFERRED_NON_CONTENT_TOOLS.map((spec) => spec.name)),
    );
  });

  it.each(CASES)(
    '%s answers as if the Leadership item did not exist',
    async (tool, input, hidden) => {
      const before = await leadershipSnapshot();
      const denied = await expectToolError(
        tools.call(tool, input(hidden), 'member'),
      );
      const missing = await expectToolError(
        tools.call(tool, input(MISSING), 'member'),
      );
      expect(denied.code).toBe('not_found');
      expect(denied.message).toBe(missing.message.split(MISSING).join(hidden));
      expect(denied.message).toMatch(/not found( for page \S+)? or no access/);
      expect(await leadershipSnapshot()).toEqual(before);
    },
  );
});

describe('a reader of the Leadership space', () => {
  beforeAll(async () => {
    await database.db
      .insertInto('spaceMembers')
      .values({
        userId: SEED_IDS.users.member,
        spaceId: S.leadership,
        role: 'reader',
        addedById: SEED_IDS.users.owner,
      })
      .execute();
  });

  it('may read but every write is refused as read-only, changing nothing', async () => {
    await expect(
      tools.call('getPageJson', { pageId: P.strategy }, 'member'),
    ).resolves.toMatchObject({ title: 'Strategy 2026' });
    await expect(
      tools.call('listSidebarPages', { spaceId: S.leadership }, 'member'),
    ).resolves.toMatchObject({ listed: 4 });
    const before = await leadershipSnapshot();
    // Cases whose Leadership item is written (copying FROM a Leadership page only reads it).
    const writes = CASES.filter(([tool, input]) => {
      const spec = DEFERRED_NON_CONTENT_TOOLS.find(
        (candidate) => candidate.name === tool,
      )!;
      return (
        !spec.annotations.readOnlyHint &&
        input(MISSING).sourcePageId !== MISSING
      );
    });
    expect(writes.length).toBe(15);
    for (const [tool, input, hidden] of writes) {
      const error = await expectToolError(
        tools.call(tool, input(hidden), 'member'),
      );
      expect([tool, error.code]).toEqual([tool, 'forbidden']);
      expect(error.message).toContain('read-only access (role "reader")');
    }
    expect(await leadershipSnapshot()).toEqual(before);
  });
});
