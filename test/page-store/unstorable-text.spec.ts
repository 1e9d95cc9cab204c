import { PAGE_NOT_FOUND } from '../../src/access';
import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, nor take it in a text parameter, and jsonb
 * rejects an unpaired UTF-16 surrogate. A model (or
 * an MCP client) that sends one must get a tool error naming the field, never the database's
 * "invalid byte sequence" / "unsupported Unicode escape sequence", and nothing may be written.
 */
const P = SEED_IDS.pages;
const NUL = 'a\u0000b';
const textDoc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => database.drop());

const snapshot = async () => ({
  pages: await database.db
    .selectFrom('pages')
    .select([
      'id',
      sql<string>`updated_at::text`.as('version'),
      'title',
      'parentPageId',
      'deletedAt',
    ])
    .orderBy('id')
    .execute(),
  comments: await database.db
    .selectFrom('comments')
    .select('id')
    .orderBy('id')
    .execute(),
  history: await database.db
    .selectFrom('pageHistory')
    .select('id')
    .orderBy('id')
    .execute(),
  shares: await database.db
    .selectFrom('shares')
    .select('id')
    .orderBy('id')
    .execute(),
});

describe('a NUL character in an id', () => {
  it.each([
    ['getPage', { pageId: NUL }],
    ['getPageJson', { pageId: NUL }],
    ['sharePage', { pageId: NUL }],
    ['movePage', { pageId: P.weeklySync, parentPageId: NUL }],
    [
      'listSidebarPages',
      { spaceId: SEED_IDS.spaces.product, parentPageId: NUL },
    ],
    [
      'checkNewComments',
      {
        spaceId: SEED_IDS.spaces.product,
        since: '2025-01-01T00:00:00Z',
        pageId: NUL,
      },
    ],
  ])('%s answers like a missing page', async (tool, input) => {
    const before = await snapshot();
    const error = await expectToolError(tools.call(tool, input));
    expect(error.code).toBe('not_found');
    // The id is quoted with its control character escaped: a raw NUL in the message could not
    // be stored with the chat's tool results (PostgreSQL text and jsonb refuse it).
    expect(error.message).toBe(
      `page ${NUL.replace('\u0000', '\\u0000')} ${PAGE_NOT_FOUND}`,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('a NUL character in text to store', () => {
  it.each([
    [
      'editPageText',
      { pageId: P.releaseNotes, find: 'the', replace: NUL, replaceAll: true },
      'the new content',
    ],
    ['renamePage', { pageId: P.weeklySync, title: NUL }, 'the title'],
    [
      'tableUpdateCell',
      { pageId: P.pricing, table: 0, row: 1, column: 0, text: NUL },
      'the new content',
    ],
    [
      'tableInsertRow',
      { pageId: P.pricing, table: 0, cells: [NUL] },
      'the new content',
    ],
    [
      'updatePageJson',
      { pageId: P.weeklySync, doc: textDoc(NUL) },
      'the new content',
    ],
    [
      'insertNode',
      { pageId: P.weeklySync, node: { type: 'image', attrs: { src: NUL } } },
      'the new content',
    ],
    [
      'patchNode',
      { pageId: P.weeklySync, nodeId: '#0', node: textDoc(NUL).content[0] },
      'the new content',
    ],
    [
      'createComment',
      {
        pageId: P.roadmap,
        content: NUL,
        parentCommentId: SEED_IDS.comments.roadmapSso,
      },
      'content',
    ],
    [
      'createComment',
      { pageId: P.releaseNotes, content: NUL, selection: 'Release' },
      'content',
    ],
  ])(
    '%s refuses it by field and writes nothing',
    async (tool, input, field) => {
      const before = await snapshot();
      const error = await expectToolError(tools.call(tool, input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe(
        `${field} contains the character U+0000 (NUL), which Docmost cannot store; remove it and call again. Nothing was written.`,
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('still writes text that merely spells out "\\u0000"', async () => {
    const written = await tools.call('renamePage', {
      pageId: P.weeklySync,
      title: 'escape \\u0000 documented',
    });
    expect(written.title).toBe('escape \\u0000 documented');
  });
});

describe('an unpaired UTF-16 surrogate in text to store', () => {
  // JSON.stringify writes a lone surrogate as a "\\ud800" escape, which jsonb rejects.
  const LONE = 'a\uD800b';
  it.each([
    [
      'tableUpdateCell',
      { pageId: P.pricing, table: 0, row: 1, column: 0, text: LONE },
      'the new content',
    ],
    [
      'updatePageJson',
      { pageId: P.weeklySync, doc: textDoc(LONE) },
      'the new content',
    ],
    [
      'editPageText',
      {
        pageId: P.releaseNotes,
        find: 'the',
        replace: 'x\uDC00',
        replaceAll: true,
      },
      'the new content',
    ],
    [
      'createComment',
      {
        pageId: P.roadmap,
        content: LONE,
        parentCommentId: SEED_IDS.comments.roadmapSso,
      },
      'content',
    ],
  ])(
    '%s refuses it by field and writes nothing',
    async (tool, input, field) => {
      const before = await snapshot();
      const error = await expectToolError(tools.call(tool, input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe(
        `${field} contains an unpaired UTF-16 surrogate (a lone \\uD800-\\uDFFF), which is not valid Unicode and cannot be stored; send the characters themselves. Nothing was written.`,
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('stores characters outside the Basic Multilingual Plane (surrogate pairs)', async () => {
    const written = await tools.call('tableUpdateCell', {
      pageId: P.pricing,
      table: 0,
      row: 1,
      column: 0,
      text: 'Team 😀',
    });
    expect(written.text).toBe('Team 😀');
  });
});

it('searchPages refuses a NUL character in the query with a tool error', async () => {
  const error = await expectToolError(
    tools.call('searchPages', { query: NUL }),
  );
  expect(error.code).toBe('invalid_input');
  expect(error.message).toMatch(/^query contains the character U\+0000/);
});
