import { sql } from 'kysely';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

/**
 * History rows as Docmost writes them: no version number (NULL), no provenance on rows older
 * than the fork's columns, several saves within one millisecond (PostgreSQL keeps microseconds)
 * and saves at the very same instant. The tools order, page, read, diff and restore them.
 */

const P = SEED_IDS.pages;
const U = SEED_IDS.users;

const paragraphDocument = (text: string) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { id: 'docmostparag' },
      content: [{ type: 'text', text }],
    },
  ],
});

/** Oldest first. The last three share one millisecond; the last two share one instant (their id decides). */
const ROWS = [
  {
    id: '0d0c0000-0000-4000-8000-000000000001',
    createdAt: '2025-07-01 10:00:00.000000+00',
    text: 'First draft.',
  },
  {
    id: '0d0c0000-0000-4000-8000-000000000002',
    createdAt: '2025-07-01 10:05:00.000000+00',
    text: 'Second draft.',
  },
  {
    id: '0d0c0000-0000-4000-8000-000000000003',
    createdAt: '2025-07-01 10:05:00.000100+00',
    text: 'Third draft.',
  },
  {
    id: '0d0c0000-0000-4000-8000-000000000004',
    createdAt: '2025-07-01 10:05:00.000200+00',
    text: 'Fourth draft.',
  },
  {
    id: '0d0c0000-0000-4000-8000-000000000005',
    createdAt: '2025-07-01 10:05:00.000200+00',
    text: 'Fifth draft.',
  },
] as const;
/** Newest first, as Docmost lists them: created_at descending, then id descending. */
const NEWEST_FIRST = [...ROWS].reverse().map((row) => row.id);

let database: TestDatabase;
let tools: SeededTools;
const pageId = P.meetingNotes;

beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
  const page = await database.db
    .selectFrom('pages')
    .select(['spaceId', 'workspaceId', 'slugId'])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  await database.db
    .deleteFrom('pageHistory')
    .where('pageId', '=', pageId)
    .execute();
  for (const row of ROWS) {
    await database.db
      .insertInto('pageHistory')
      .values({
        id: row.id,
        pageId,
        slugId: page.slugId,
        title: 'Meeting Notes',
        content: sql`${JSON.stringify(paragraphDocument(row.text))}::text::jsonb`,
        version: null,
        lastUpdatedById: U.admin,
        lastUpdatedSource: null,
        spaceId: page.spaceId,
        workspaceId: page.workspaceId,
        createdAt: sql<Date>`${row.createdAt}::text::timestamptz`,
      })
      .execute();
  }
});
afterAll(async () => {
  await database.drop();
});

describe('history on Docmost rows without a version number', () => {
  it('lists them newest first by creation time, then id, with version null', async () => {
    const listed = await tools.call('listPageHistory', { pageId });
    expect(
      listed.versions.map(
        (version: { historyId: string }) => version.historyId,
      ),
    ).toEqual(NEWEST_FIRST);
    expect(listed.versions[0]).toMatchObject({
      version: null,
      source: null,
      savedBy: { id: U.admin },
      characters: 'Fifth draft.'.length,
    });
    expect(listed.nextCursor).toBeNull();
  });

  it.each([1, 2, 3])(
    'pages through every row exactly once, %i at a time, across saves in the same millisecond',
    async (limit) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let call = 0; call < ROWS.length + 1; call++) {
        const page = await tools.call('listPageHistory', {
          pageId,
          limit,
          ...(cursor === undefined ? {} : { cursor }),
        });
        seen.push(
          ...page.versions.map(
            (version: { historyId: string }) => version.historyId,
          ),
        );
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(NEWEST_FIRST);
    },
  );

  it('refuses a cursor whose position was altered', async () => {
    const { nextCursor } = await tools.call('listPageHistory', {
      pageId,
      limit: 2,
    });
    const [tool, at] = JSON.parse(
      Buffer.from(nextCursor, 'base64url').toString('utf8'),
    ) as [string, string, string];
    const altered = Buffer.from(
      JSON.stringify([tool, at, 'not-an-id']),
    ).toString('base64url');
    const error = await expectToolError(
      tools.call('listPageHistory', { pageId, cursor: altered }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('is not a listPageHistory cursor');
  });

  it('reads, diffs and restores a version without a number', async () => {
    const [fifth, fourth] = NEWEST_FIRST;
    const read = await tools.call('getPageHistory', { historyId: fourth });
    expect(read).toMatchObject({
      historyId: fourth,
      version: null,
      source: null,
      text: 'Fourth draft.',
    });

    const diff = await tools.call('diffPageVersions', {
      pageId,
      from: fourth,
      to: fifth,
    });
    expect(diff.from).toMatchObject({ ref: fourth, version: null });
    expect(diff.changes).toEqual([
      { type: 'changed', before: 'Fourth draft.', after: 'Fifth draft.' },
    ]);

    const restored = await tools.call(
      'restorePageVersion',
      { historyId: ROWS[0].id },
      'member',
    );
    expect(restored).toMatchObject({ pageId, restoredHistoryId: ROWS[0].id });
    expect((await tools.page(pageId)).textContent).toBe('First draft.');
    const after = await tools.call('listPageHistory', { pageId, limit: 2 });
    expect(
      after.versions.map((version: { historyId: string }) => version.historyId),
    ).toEqual([restored.historyId, fifth]);
    expect(after.versions[0]).toMatchObject({
      version: null,
      source: 'agent',
      savedBy: { id: U.member },
    });
  });
});
