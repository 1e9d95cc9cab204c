import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { insertComment } from '../comment-signal/support/comment-signal-fixtures';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { seededTools, type SeededTools } from '../support/seeded-tools';

/**
 * Times the database wrote go back to it exactly, on both drivers. Docmost's postgres.js sends a
 * parameter PostgreSQL types as timestamptz through a JS Date (milliseconds), so a microsecond
 * `updated_at` read as the page version used to fail every later compare-and-set write with a
 * false conflict ("changed since it was read"), and cursors and watermarks lost their place.
 */
describe(`timestamps read from the database and sent back (${process.env.DB_DRIVER})`, () => {
  let database: TestDatabase;
  let registry: ToolRegistry;
  let call: SeededTools['call'];
  let page: SeededTools['page'];

  beforeAll(async () => {
    database = await createTestDatabase();

    ({ registry, call, page } = seededTools(database.db));
  });

  afterAll(async () => {
    await database?.drop();
  });

  const setUpdatedAt = (pageId: string, text: string) =>
    sql`update pages set updated_at = ${text}::text::timestamptz where id = ${pageId}::uuid`.execute(
      database.db,
    );

  it.each([
    ['a Docmost-style millisecond write', '2026-12-01 07:04:09.123+00'],
    ['a microsecond write', '2026-12-01 07:04:09.456896+00'],
  ])(
    'renames a page right after %s, and again right after its own write',
    async (_, updatedAt) => {
      const pageId = SEED_IDS.pages.releaseNotes;
      await setUpdatedAt(pageId, updatedAt);
      await call('renamePage', {
        pageId,
        title: `Release notes (${updatedAt})`,
      });
      expect((await page(pageId)).title).toBe(`Release notes (${updatedAt})`);
      // The first write stored clock_timestamp(), with microseconds: the next write reads that.
      await call('renamePage', { pageId, title: 'Release notes' });
      expect((await page(pageId)).title).toBe('Release notes');
    },
  );

  it('pages listPages through pages whose updated_at differ only in microseconds, each once', async () => {
    const pages = [
      SEED_IDS.pages.roadmap,
      SEED_IDS.pages.pricing,
      SEED_IDS.pages.onboarding,
    ];
    // Later than every other page, so these three come first, newest first.
    for (const [index, pageId] of pages.entries())
      await setUpdatedAt(pageId, `2099-01-01 00:00:00.00000${3 - index}+00`);
    const listed: string[] = [];
    let cursor: string | undefined;
    for (let batch = 0; batch < 3; batch++) {
      const result = await call<{
        pages: { id: string }[];
        nextCursor: string | null;
      }>('listPages', { limit: 1, ...(cursor ? { cursor } : {}) });
      listed.push(...result.pages.map((page) => page.id));
      cursor = result.nextCursor ?? undefined;
    }
    expect(listed).toEqual(pages);
  });

  it('checkNewComments from the latest it returned gives only later comments, microseconds apart', async () => {
    const space = SEED_IDS.spaces.product;
    const pageId = SEED_IDS.pages.roadmap;
    const earlier = await insertComment(database.db, {
      pageId,
      text: 'first',
      createdAt: new Date('2099-02-01T00:00:00Z'),
    });
    const later = await insertComment(database.db, {
      pageId,
      text: 'second',
      createdAt: new Date('2099-02-01T00:00:00Z'),
    });
    await sql`update comments set created_at = ${'2099-02-01 00:00:00.000400+00'}::text::timestamptz where id = ${earlier}::uuid`.execute(
      database.db,
    );
    await sql`update comments set created_at = ${'2099-02-01 00:00:00.000900+00'}::text::timestamptz where id = ${later}::uuid`.execute(
      database.db,
    );
    const first = await call<{
      comments: { commentId: string }[];
      latest: string;
    }>('checkNewComments', {
      spaceId: space,
      since: '2099-01-31T00:00:00Z',
      limit: 1,
    });
    expect(first.comments.map((comment) => comment.commentId)).toEqual([
      earlier,
    ]);
    expect(first.latest).toBe('2099-02-01T00:00:00.000400Z');
    const next = await call<{ comments: { commentId: string }[] }>(
      'checkNewComments',
      { spaceId: space, since: first.latest },
    );
    expect(next.comments.map((comment) => comment.commentId)).toEqual([later]);
  });
});
