import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { createTargetPage, restrictPage } from './support/restricted-pages';

/**
 * Docmost does not make a restricted page public: its share route answers "Cannot share a
 * restricted page" to whoever asks, even someone who may edit the page. sharePage follows it,
 * and so does stashPage, whose link is public too. A restriction on a parent page counts.
 */

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database?.drop();
});

const MEMBER = SEED_IDS.users.member;

async function sharesOf(pageId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from shares where page_id = ${pageId}`.execute(
    database.db,
  );
  return Number(rows[0]!.count);
}

async function stashesOf(pageId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from ai_tools_page_stashes where page_id = ${pageId}`.execute(
    database.db,
  );
  return Number(rows[0]!.count);
}

describe('a restricted page is never made public', () => {
  it.each([
    ['the member, whose group the page lets write', 'member'],
    ['the owner, whom the page lets write', 'owner'],
  ] as const)('sharePage and stashPage refuse %s', async (_who, person) => {
    const target = await createTargetPage(database.db);
    await restrictPage(database.db, target.pageId, [
      { groupId: SEED_IDS.groups.writers, role: 'writer' },
    ]);
    // The caller may edit it: the refusal is the restriction's, not a missing right.
    await tools.call(
      'renamePage',
      { pageId: target.pageId, title: `${target.title} (edited)` },
      person,
    );
    const share = await expectToolError(
      tools.call('sharePage', { pageId: target.pageId }, person),
    );
    expect(share.code).toBe('forbidden');
    expect(share.message).toMatch(
      /is restricted .*Docmost does not make restricted pages public; the page was not shared/,
    );
    const stash = await expectToolError(
      tools.call('stashPage', { pageId: target.pageId }, person),
    );
    expect(stash.code).toBe('forbidden');
    expect(stash.message).toMatch(/is restricted .*the page was not stashed/);
    expect(await sharesOf(target.pageId)).toBe(0);
    expect(await stashesOf(target.pageId)).toBe(0);
  });

  it('a page restricted through its parent is refused too, and shared once the restriction is gone', async () => {
    const parent = await createTargetPage(database.db);
    const child = await createTargetPage(database.db, {
      parentPageId: parent.pageId,
    });
    await restrictPage(database.db, parent.pageId, [
      { userId: MEMBER, role: 'writer' },
    ]);
    const refused = await expectToolError(
      tools.call('sharePage', { pageId: child.pageId }, 'member'),
    );
    expect(refused.message).toMatch(/is restricted/);

    await sql`delete from page_access where page_id = ${parent.pageId}`.execute(
      database.db,
    );
    const shared = await tools.call(
      'sharePage',
      { pageId: child.pageId },
      'member',
    );
    expect(shared.created).toBe(true);
    const stashed = await tools.call(
      'stashPage',
      { pageId: child.pageId },
      'member',
    );
    expect(stashed.url).toMatch(/^https:\/\/docs\.acme\.test\//);
  });
});
