import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ListCommentsResult } from '../../src/tools/comments/list-comments';
import type { ShareList } from '../../src/tools/sharing/list-shares';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const P = SEED_IDS.pages;

let database: TestDatabase;
let call: SeededTools['call'];

beforeAll(async () => {
  database = await createTestDatabase();

  call = seededTools(database.db).call;
});
afterAll(async () => {
  await database?.drop();
});

/** `count` top-level comments on a page, one second apart, every third resolved, each with a reply. */
async function addThreads(pageId: string, count: number): Promise<void> {
  await sql`
    with page as (select space_id, workspace_id from pages where id = ${pageId}::uuid),
    threads as (
      insert into comments (content, type, creator_id, page_id, space_id, workspace_id, created_at, resolved_at)
      select jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content',
          jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Paging thread ' || i))))),
        'inline', ${SEED_IDS.users.admin}::uuid, ${pageId}::uuid, page.space_id, page.workspace_id,
        timestamptz '2026-01-01 10:00:00.123456+00' + i * interval '1 second',
        case when i % 3 = 0 then now() else null end
      from generate_series(1, ${count}::int) i, page
      returning id, page_id, space_id, workspace_id, created_at
    )
    insert into comments (content, type, creator_id, page_id, space_id, workspace_id, parent_comment_id, created_at)
    select '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"A reply"}]}]}'::jsonb, 'page',
      ${SEED_IDS.users.owner}::uuid, page_id, space_id, workspace_id, id, created_at + interval '1 minute'
    from threads`.execute(database.db);
}

describe('listComments in batches', () => {
  it('walks every open thread once, oldest first, with replies, limit at a time', async () => {
    await addThreads(P.onboarding, 10);
    const seen: string[] = [];
    let cursor: string | undefined;
    let batches = 0;
    do {
      const batch = await call<ListCommentsResult>(
        'listComments',
        { pageId: P.onboarding, limit: 3, ...(cursor ? { cursor } : {}) },
        'owner',
      );
      batches += 1;
      expect(batch.threads.length).toBeLessThanOrEqual(3);
      for (const thread of batch.threads)
        expect(thread.replies).toHaveLength(1);
      seen.push(...batch.threads.map((thread) => thread.text));
      expect(batch.resolvedThreadsHidden).toBe(3);
      cursor = batch.nextCursor ?? undefined;
    } while (cursor !== undefined && batches < 10);
    expect(seen).toEqual(
      [1, 2, 4, 5, 7, 8, 10].map((i) => `Paging thread ${i}`),
    );
    expect(batches).toBe(3);
  });

  it('includes resolved threads on request, and a cursor continues the same listing', async () => {
    const first = await call<ListCommentsResult>(
      'listComments',
      { pageId: P.onboarding, includeResolved: true, limit: 9 },
      'owner',
    );
    expect(first.threads).toHaveLength(9);
    expect(first.resolvedThreadsHidden).toBe(0);
    const rest = await call<ListCommentsResult>(
      'listComments',
      {
        pageId: P.onboarding,
        includeResolved: true,
        limit: 9,
        cursor: first.nextCursor,
      },
      'owner',
    );
    expect(rest.threads.map((thread) => thread.text)).toEqual([
      'Paging thread 10',
    ]);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not issue, naming the tool and what to pass', async () => {
    const error = await expectToolError(
      call(
        'listComments',
        { pageId: P.onboarding, cursor: 'bm90IGEgY3Vyc29y' },
        'owner',
      ),
    );
    expect(error.message).toMatch(
      /not a listComments cursor: pass the nextCursor of the previous listComments call unchanged/,
    );
  });
});

describe('listShares in batches', () => {
  it('walks every share once, newest first, limit at a time', async () => {
    await sql`
      insert into shares (key, page_id, creator_id, space_id, workspace_id, created_at)
      select 'pgshare' || i, ${P.onboarding}::uuid, ${SEED_IDS.users.owner}::uuid, ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid,
        timestamptz '2026-02-01 09:00:00.654321+00' + (i / 2) * interval '1 minute'
      from generate_series(1, 7) i`.execute(database.db);
    const all = await call<ShareList>('listShares', { limit: 100 }, 'owner');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const batch = await call<ShareList>(
        'listShares',
        { limit: 2, ...(cursor ? { cursor } : {}) },
        'owner',
      );
      expect(batch.shares.length).toBeLessThanOrEqual(2);
      seen.push(...batch.shares.map((share) => share.shareId));
      cursor = batch.nextCursor ?? undefined;
    } while (cursor !== undefined && seen.length < 100);
    // Shares created in the same minute share a timestamp: the id breaks the tie, so none is repeated or skipped.
    expect(seen).toEqual(all.shares.map((share) => share.shareId));
    expect(new Set(seen).size).toBe(all.shares.length);
    expect(all.shares.length).toBeGreaterThanOrEqual(8);
    expect(all.nextCursor).toBeNull();
  });

  it('refuses a listComments cursor, naming listShares', async () => {
    const comments = await call<ListCommentsResult>(
      'listComments',
      { pageId: P.onboarding, limit: 1 },
      'owner',
    );
    const error = await expectToolError(
      call('listShares', { cursor: comments.nextCursor }, 'owner'),
    );
    expect(error.message).toMatch(/not a listShares cursor/);
  });
});
