import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOOL_HEAVY_TASKS } from '../../src/heavy-tasks';
import { HeavyWorkPool } from '../../src/workers';
import { expectToolError, seededTools } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * Tool calls whose work grows with a page's size are admitted per user, reads and writes: a large
 * input (a whole document for updatePageJson) or a large page read counts. Small limits here
 * (large from 20,000 characters, one call per user running or waiting, workers from 10,000)
 * make it visible.
 */
let database: TestDatabase;
const pool = new HeavyWorkPool(TOOL_HEAVY_TASKS, {
  threads: 2,
  largeDocumentChars: 20_000,
  maxLargeDocumentCallsPerUser: 1,
  // Below the large size too, so a large page's views are taken in a worker.
  inProcessMaxChars: 10_000,
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await pool.destroy();
  await database?.drop();
});

function largeDocument(label: string) {
  return {
    type: 'doc',
    content: Array.from({ length: 300 }, (_, index) => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: `${label} paragraph ${index} `.padEnd(100, '.') },
      ],
    })),
  };
}

it('refuses a second concurrent whole-document write of one user, and lets another user write', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const write = (pageId: string, label: string, caller: 'member' | 'owner') =>
    tools.call('updatePageJson', { pageId, doc: largeDocument(label) }, caller);
  const [first, second, other] = await Promise.allSettled([
    write(SEED_IDS.pages.weeklySync, 'first', 'member'),
    write(SEED_IDS.pages.onboarding, 'second', 'member'),
    write(SEED_IDS.pages.roadmap, 'other', 'owner'),
  ]);
  expect(first.status).toBe('fulfilled');
  expect(other.status).toBe('fulfilled');
  const refused = await expectToolError(
    second.status === 'rejected'
      ? Promise.reject(second.reason as Error)
      : Promise.resolve(second.value),
  );
  expect(refused.code).toBe('limit_exceeded');
  expect(refused.message).toContain(
    'updatePageJson with an input of 20 thousand characters or more was refused: you already have 1 tool calls on large pages (20,000 characters or more) running or waiting',
  );
  // Nothing of the refused write reached the page.
  expect(
    JSON.stringify((await tools.page(SEED_IDS.pages.onboarding)).content),
  ).not.toContain('second paragraph');
});

it('reads a large page through a worker: the same views as an ordinary page gives, one call after another', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const ordinary = seededTools(database.db);
  const page = SEED_IDS.pages.weeklySync;
  // About 30,000 characters: large for `pool` (20,000), ordinary for the default limits.
  await ordinary.call(
    'updatePageJson',
    { pageId: page, doc: largeDocument('first') },
    'member',
  );
  const views = async (reader: typeof tools) => [
    await reader.call('getNode', { pageId: page, block: '#1' }, 'member'),
    await reader.call(
      'getPage',
      { pageId: page, fromBlock: 2, maxChars: 1_000 },
      'member',
    ),
    await reader.call('getOutline', { pageId: page }, 'member'),
  ];
  const [node, text, outline] = await views(tools);
  expect(node).toMatchObject({ pageId: page, topLevelIndex: 1 });
  expect(JSON.stringify(node)).toContain('first paragraph 1');
  expect(await views(ordinary)).toEqual([node, text, outline]);
});

it('writes a large document prepared in a worker as the in-process path writes a small one: ids, text, refusals', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.weeklySync;
  const doc = largeDocument('worker');
  // One paragraph keeps a given id, one repeats it, one has a malformed one.
  doc.content[0] = {
    ...doc.content[0]!,
    attrs: { id: 'abcdefghijkl' },
  } as never;
  doc.content[1] = {
    ...doc.content[1]!,
    attrs: { id: 'abcdefghijkl' },
  } as never;
  doc.content[2] = { ...doc.content[2]!, attrs: { id: 'BAD' } } as never;
  const result = await tools.call(
    'updatePageJson',
    { pageId: page, doc },
    'member',
  );
  expect(result).toMatchObject({ blocks: 300, generatedIds: 299 });
  const stored = await tools.page(page);
  const ids = new Set(stored.content.content!.map((block) => block.attrs!.id));
  expect(stored.content.content![0]!.attrs!.id).toBe('abcdefghijkl');
  expect(ids.size).toBe(300);
  for (const id of ids) expect(id).toMatch(/^[a-z]{12}$/);
  expect(stored.textContent?.split('\n')).toHaveLength(300);
  expect(stored.textContent).toContain('worker paragraph 299 ');
  // The caller's input is not changed by the ids the write gave it.
  expect(doc.content[2]!).toMatchObject({ attrs: { id: 'BAD' } });

  const withNul = largeDocument('nul');
  withNul.content[299]!.content[0]!.text = 'a\u0000b';
  const refused = await expectToolError(
    tools.call('updatePageJson', { pageId: page, doc: withNul }, 'member'),
  );
  expect(refused.code).toBe('invalid_input');
  expect(refused.message).toContain(
    'the new content contains the character U+0000',
  );
  const invalid = largeDocument('invalid');
  invalid.content[150] = { type: 'nonsense' } as never;
  const rejected = await expectToolError(
    tools.call('updatePageJson', { pageId: page, doc: invalid }, 'member'),
  );
  expect(rejected.code).toBe('invalid_input');
  expect(rejected.message).toContain('doc.content[150]');
  expect(JSON.stringify((await tools.page(page)).content)).not.toMatch(
    /nul paragraph|invalid paragraph/,
  );
});

it('edits the text of a large page from its JSON text in a worker, storing what the in-process path stores, refusals included', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.weeklySync;
  await tools.call(
    'updatePageJson',
    { pageId: page, doc: largeDocument('edit') },
    'member',
  );
  const result = await tools.call(
    'editPageText',
    {
      pageId: page,
      find: 'edit paragraph 7 ',
      replace: 'edited paragraph 7 ',
    },
    'member',
  );
  expect(result).toMatchObject({ replacements: 1 });
  const stored = await tools.page(page);
  expect(stored.content.content).toHaveLength(300);
  expect(JSON.stringify(stored.content.content![7])).toContain(
    'edited paragraph 7 ',
  );
  expect(stored.textContent?.split('\n')[7]).toMatch(/^edited paragraph 7 /);
  expect(stored.textContent?.split('\n')).toHaveLength(300);
  const missing = await expectToolError(
    tools.call(
      'editPageText',
      { pageId: page, find: 'no such text', replace: 'x' },
      'member',
    ),
  );
  expect(missing.code).toBe('not_found');
  const unstorable = await expectToolError(
    tools.call(
      'editPageText',
      { pageId: page, find: 'edit paragraph 9 ', replace: 'a\u0000b ' },
      'member',
    ),
  );
  expect(unstorable.code).toBe('invalid_input');
  expect(unstorable.message).toContain('U+0000');
  expect((await tools.page(page)).textContent).not.toContain('a\u0000b');
});

it('patches, inserts and deletes blocks and anchors a comment on a large page in a worker, from its JSON text, storing what the in-process path stores, refusals included', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.weeklySync;
  await tools.call(
    'updatePageJson',
    { pageId: page, doc: largeDocument('block') },
    'member',
  );
  const runs = jest.spyOn(pool, 'run');
  try {
    const patched = await tools.call<{ nodeId: string; replacedText: string }>(
      'patchNode',
      {
        pageId: page,
        nodeId: '#3',
        node: {
          type: 'heading',
          attrs: { level: 2 },
          content: [{ type: 'text', text: 'A heading now' }],
        },
      },
      'member',
    );
    expect(patched.replacedText).toMatch(/^block paragraph 3 /);
    const inserted = await tools.call<{
      nodeId: string;
      outlineIndex: number;
    }>(
      'insertNode',
      {
        pageId: page,
        position: 'after',
        anchorNodeId: patched.nodeId,
        node: {
          type: 'paragraph',
          content: [{ type: 'text', text: 'Inserted after it' }],
        },
      },
      'member',
    );
    expect(inserted.outlineIndex).toBe(4);
    const deleted = await tools.call<{ deleted: { text: string } }>(
      'deleteNode',
      { pageId: page, nodeId: '#0' },
      'member',
    );
    expect(deleted.deleted.text).toMatch(/^block paragraph 0 /);
    const stored = await tools.page(page);
    expect(stored.content.content).toHaveLength(300);
    expect(stored.content.content![2]).toMatchObject({
      type: 'heading',
      attrs: { id: patched.nodeId },
    });
    expect(stored.content.content![3]).toMatchObject({
      type: 'paragraph',
      attrs: { id: inserted.nodeId },
    });
    const lines = stored.textContent!.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      expect.stringMatching(/^block paragraph 1 /),
      expect.stringMatching(/^block paragraph 2 /),
      'A heading now',
      'Inserted after it',
    ]);
    const missing = await expectToolError(
      tools.call(
        'deleteNode',
        { pageId: page, nodeId: 'nosuchblocka' },
        'member',
      ),
    );
    expect(missing.code).toBe('not_found');
    const invalid = await expectToolError(
      tools.call(
        'patchNode',
        { pageId: page, nodeId: '#1', node: { type: 'no-such-type' } },
        'member',
      ),
    );
    expect(invalid.code).toBe('invalid_input');
    // A new comment thread's anchor mark is a block edit too.
    const thread = await tools.call<{ anchorBlockId: string }>(
      'createComment',
      { pageId: page, selection: 'Inserted after', content: 'Why here?' },
      'member',
    );
    expect(thread.anchorBlockId).toBe(inserted.nodeId);
    const notThere = await expectToolError(
      tools.call(
        'createComment',
        { pageId: page, selection: 'inserted AFTER', content: 'x' },
        'member',
      ),
    );
    expect(notThere.message).toContain(
      `is not in the text of page ${page}: it must be copied exactly`,
    );
    expect(notThere.message).toContain(
      'The page has it with different capitalisation: "Inserted after"',
    );
    // Every one of them, refusals included, ran in the pool's workers: five block edits, and
    // for each thread a dry run of its anchor before the comment is created (so a selection
    // that is not on the page creates nothing), then, for the thread created, its mark.
    expect(
      runs.mock.calls.filter(([task]) => task === 'applyBlockEdit'),
    ).toHaveLength(8);
  } finally {
    runs.mockRestore();
  }
});

it('transforms a large page from its JSON text and writes the result it gets back as its stored form', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.weeklySync;
  await tools.call(
    'updatePageJson',
    { pageId: page, doc: largeDocument('transform') },
    'member',
  );
  const script =
    '(doc) => { doc.content = doc.content.filter((block, index) => index % 2 === 0); return doc; }';
  const preview = await tools.call(
    'transformPage',
    { pageId: page, script },
    'member',
  );
  expect(preview).toMatchObject({ dryRun: true, changed: true });
  const written = await tools.call(
    'transformPage',
    {
      pageId: page,
      script,
      dryRun: false,
      baseVersion: (preview as { version: string }).version,
    },
    'member',
  );
  expect(written).toMatchObject({ written: true });
  const stored = await tools.page(page);
  expect(stored.content.content).toHaveLength(150);
  expect(stored.textContent?.split('\n')).toHaveLength(150);
  expect(stored.textContent).toContain('transform paragraph 298 ');
  expect(stored.textContent).not.toContain('transform paragraph 299 ');
});

it('answers getPageJson of a large page as of an ordinary one, and refuses one far over the output limit without parsing it', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const ordinary = seededTools(database.db);
  const page = SEED_IDS.pages.onboarding;
  // About 30,000 characters: large for `pool`, within the output limit.
  await ordinary.call(
    'updatePageJson',
    { pageId: page, doc: largeDocument('json') },
    'member',
  );
  expect(await tools.call('getPageJson', { pageId: page }, 'member')).toEqual(
    await ordinary.call('getPageJson', { pageId: page }, 'member'),
  );

  // About 450,000 characters stored: at least twice the 200,000 a result may hold.
  const huge = {
    type: 'doc',
    content: Array.from(
      { length: 15 },
      () => largeDocument('huge').content,
    ).flat(),
  };
  await ordinary.call('updatePageJson', { pageId: page, doc: huge }, 'member');
  const refused = await expectToolError(
    tools.call('getPageJson', { pageId: page }, 'member'),
  );
  expect(refused.code).toBe('limit_exceeded');
  expect(refused.message).toMatch(
    /^page "Onboarding Guide" \(\S+\) is at least \d+ characters as JSON, over the limit of 200000 for one tool result; read it in parts/,
  );
});

it('reads a table of a large page through a worker as of an ordinary page', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const ordinary = seededTools(database.db);
  const page = SEED_IDS.pages.weeklySync;
  const cell = (text: string) => ({
    type: 'tableCell',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  const doc = largeDocument('table');
  doc.content.push({
    type: 'table',
    content: [
      { type: 'tableRow', content: [cell('Plan'), cell('Price')] },
      { type: 'tableRow', content: [cell('Team'), cell('$8')] },
    ],
  } as never);
  await ordinary.call('updatePageJson', { pageId: page, doc }, 'member');
  const table = await tools.call(
    'getTable',
    { pageId: page, table: 0 },
    'member',
  );
  expect(table).toMatchObject({ rows: 2, columns: 2, outlineIndex: 300 });
  expect(JSON.stringify(table)).toContain('$8');
  expect(table).toEqual(
    await ordinary.call('getTable', { pageId: page, table: 0 }, 'member'),
  );
  const missing = await expectToolError(
    tools.call('getTable', { pageId: page, table: 3 }, 'member'),
  );
  expect(missing.message).toEqual(
    (
      await expectToolError(
        ordinary.call('getTable', { pageId: page, table: 3 }, 'member'),
      )
    ).message,
  );
});

it('edits a table of a large page in a worker: rows inserted and deleted, a cell updated, refusals as on an ordinary page', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.weeklySync;
  const cell = (text: string) => ({
    type: 'tableCell',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  const doc = largeDocument('table');
  doc.content.push({
    type: 'table',
    content: [
      { type: 'tableRow', content: [cell('Plan'), cell('Price')] },
      { type: 'tableRow', content: [cell('Team'), cell('$8')] },
    ],
  } as never);
  await tools.call('updatePageJson', { pageId: page, doc }, 'member');
  const runs = jest.spyOn(pool, 'run');
  try {
    expect(
      await tools.call(
        'tableInsertRow',
        { pageId: page, table: 0, cells: ['Business', '$20'] },
        'member',
      ),
    ).toMatchObject({ row: 2, rows: 3, columns: 2 });
    expect(
      await tools.call(
        'tableUpdateCell',
        { pageId: page, table: 0, row: 1, column: 1, text: '$9' },
        'member',
      ),
    ).toMatchObject({ previousText: '$8', text: '$9' });
    expect(
      await tools.call(
        'tableDeleteRow',
        { pageId: page, table: 0, row: 0 },
        'member',
      ),
    ).toMatchObject({ deletedCells: ['Plan', 'Price'], rows: 2, columns: 2 });
    const outOfRange = await expectToolError(
      tools.call(
        'tableUpdateCell',
        { pageId: page, table: 0, row: 0, column: 5, text: 'x' },
        'member',
      ),
    );
    expect(outOfRange.message).toContain('column 5 is out of range');
    expect(
      runs.mock.calls.filter(([task]) => task === 'applyBlockEdit'),
    ).toHaveLength(4);
  } finally {
    runs.mockRestore();
  }
  const stored = await tools.page(page);
  expect(stored.content.content).toHaveLength(301);
  expect(stored.textContent).toContain('Team\n$9\nBusiness\n$20');
  // Each new cell paragraph got an id no other block of the page has.
  const ids = JSON.stringify(stored.content).match(/"id":"[a-z]{12}"/g) ?? [];
  expect(new Set(ids).size).toBe(ids.length);
});

it('lists and reads the saved versions of a large page through a worker as of an ordinary page', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const ordinary = seededTools(database.db);
  const page = SEED_IDS.pages.roadmap;
  for (const label of ['first', 'second'])
    await ordinary.call(
      'updatePageJson',
      { pageId: page, doc: largeDocument(label) },
      'owner',
    );
  const listed = (await tools.call(
    'listPageHistory',
    { pageId: page, limit: 3 },
    'owner',
  )) as { versions: { historyId: string; characters: number }[] };
  expect(listed).toEqual(
    await ordinary.call('listPageHistory', { pageId: page, limit: 3 }, 'owner'),
  );
  // Each large version's text: 300 paragraphs of 100 characters, one line each.
  expect(listed.versions[0]!.characters).toBe(300 * 100 + 299);
  const newest = listed.versions[0]!.historyId;
  for (const format of ['text', 'json'] as const) {
    const version = await tools.call(
      'getPageHistory',
      { historyId: newest, format },
      'owner',
    );
    expect(version).toEqual(
      await ordinary.call(
        'getPageHistory',
        { historyId: newest, format },
        'owner',
      ),
    );
    expect(JSON.stringify(version)).toContain('second paragraph 299');
  }
  // Restoring the first large version: its text goes to a worker and comes back stored.
  const first = listed.versions.find(
    (version, index) => index > 0 && version.characters === 300 * 100 + 299,
  )!.historyId;
  await tools.call('restorePageVersion', { historyId: first }, 'owner');
  const restored = await tools.page(page);
  expect(restored.content).toEqual(
    JSON.parse(
      JSON.stringify(
        await ordinary.call(
          'getPageHistory',
          { historyId: first, format: 'json' },
          'owner',
        ),
      ),
    ).content,
  );
  expect(restored.textContent).toContain('first paragraph 299');
  expect(restored.textContent).not.toContain('second paragraph');
});

it('reads a large page whose column holds its document as a JSON string as it reads any other', async () => {
  const tools = seededTools(database.db, { heavyWork: pool });
  const page = SEED_IDS.pages.engineeringSetup;
  // As a client that JSON-encodes twice leaves it: a jsonb string holding the document.
  await database.db
    .updateTable('pages')
    .set({
      content: sql`to_jsonb(${JSON.stringify(largeDocument('encoded'))}::text)`,
    })
    .where('id', '=', page)
    .execute();
  const node = await tools.call(
    'getNode',
    { pageId: page, block: '#7' },
    'member',
  );
  expect(JSON.stringify(node)).toContain('encoded paragraph 7');
  const outline = (await tools.call(
    'getOutline',
    { pageId: page },
    'member',
  )) as {
    blocks: unknown[];
  };
  expect(outline.blocks.length).toBeGreaterThan(0);
});
