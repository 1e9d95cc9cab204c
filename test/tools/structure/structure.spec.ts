import { PAGE_NOT_FOUND } from '../../../src/access';
import { sql } from 'kysely';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import { extractText } from '../../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const N = SEED_NODE_IDS;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

describe('getPageJson', () => {
  it('returns the stored document losslessly with its version, by id or slugId', async () => {
    const byId = await tools.call('getPageJson', { pageId: P.pricing });
    const bySlug = await tools.call('getPageJson', { pageId: 'wZd7GkPtHz' });
    const stored = await tools.page(P.pricing);
    // What the model named is not repeated; the uuid comes back only for a page named by slugId.
    expect(Object.keys(byId)).toEqual(['title', 'version', 'content']);
    expect(byId).toMatchObject({
      title: 'Pricing and Plans',
      version: stored.version,
    });
    expect(Object.keys(bySlug)).toEqual([
      'pageId',
      'title',
      'version',
      'content',
    ]);
    expect(bySlug).toMatchObject({
      pageId: P.pricing,
      version: stored.version,
    });
    expect(byId.content).toEqual(stored.content);
    expect(bySlug.content).toEqual(stored.content);
  });

  it('answers "not found or no access" for an unknown page', async () => {
    const error = await expectToolError(
      tools.call('getPageJson', {
        pageId: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      `page 00000000-0000-4000-8000-000000000000 ${PAGE_NOT_FOUND}`,
    );
  });
});

describe('patchNode', () => {
  it('replaces one block with formatted content, keeping its id, text_content and history in step', async () => {
    const before = await tools.page(P.releaseNotes);
    const result = await tools.call('patchNode', {
      pageId: P.releaseNotes,
      nodeId: N.releaseNotesSecondTypoParagraph,
      node: {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Search results now show ' },
          { type: 'text', text: 'the page path', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' under each title.' },
        ],
      },
    });
    expect(result).toMatchObject({
      nodeId: N.releaseNotesSecondTypoParagraph,
      type: 'paragraph',
      replacedText: 'Search results now show teh page path under each title.',
    });
    const after = await tools.page(P.releaseNotes);
    expect(after.version).toBe(result.version);
    expect(after.version).not.toBe(before.version);
    expect(after.historyCount).toBe(before.historyCount + 1);
    expect(after.textContent).toBe(extractText(after.content));
    expect(after.textContent).toContain(
      'Search results now show the page path under each title.',
    );
    expect(after.content.content![4]!.attrs).toEqual({
      id: N.releaseNotesSecondTypoParagraph,
    });
  });

  it('accepts the node as a JSON string and replaces a top-level list by "#<n>"', async () => {
    const list = {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'Only one step now.' }],
            },
          ],
        },
      ],
    };
    const result = await tools.call('patchNode', {
      pageId: P.releaseNotes,
      nodeId: '#6',
      node: JSON.stringify(list),
    });
    expect(result).toMatchObject({
      nodeId: null,
      type: 'bulletList',
      replacedText:
        'Back up your database.\nRun the migrations.\nRestart the server.',
    });
    const after = await tools.page(P.releaseNotes);
    expect(after.content.content![6]!.type).toBe('bulletList');
    expect(
      after.content.content![6]!.content![0]!.content![0]!.attrs!.id,
    ).toMatch(/^[a-z]{12}$/);
  });

  it('rejects malformed nodes, unknown types and misplaced blocks, writing nothing', async () => {
    const before = await tools.page(P.pricing);
    const invalidJson = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: N.pricingIntro,
        node: '{"type":"paragraph",',
      }),
    );
    expect(invalidJson.code).toBe('invalid_input');
    expect(invalidJson.message).toContain(
      'node must be a ProseMirror node object or a JSON string of one',
    );
    const unknown = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: N.pricingIntro,
        node: { type: 'paragraph', content: [{ type: 'sparkle' }] },
      }),
    );
    expect(unknown.message).toContain(
      'unknown node type "sparkle" at node.content[0]',
    );
    expect(unknown.message).toContain(
      'Valid node types: doc, paragraph, heading',
    );
    const inline = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: N.pricingIntro,
        node: { type: 'text', text: 'loose' },
      }),
    );
    expect(inline.message).toContain('"text" is inline content; a block');
    const misplaced = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: 'ddpuebuzuigy',
        node: {
          type: 'heading',
          attrs: { level: 2 },
          content: [{ type: 'text', text: 'x' }],
        },
      }),
    );
    expect(misplaced.message).toContain(
      'a listItem must start with a paragraph',
    );
    const after = await tools.page(P.pricing);
    expect(after).toEqual(before);
  });

  it('says where to find valid ids for an unknown or malformed block reference', async () => {
    const unknown = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: 'zzzzzzzzzzzz',
        node: { type: 'paragraph' },
      }),
    );
    expect(unknown.code).toBe('not_found');
    expect(unknown.message).toContain('no block with id "zzzzzzzzzzzz"');
    const outOfRange = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: '#40',
        node: { type: 'paragraph' },
      }),
    );
    expect(outOfRange.message).toContain(
      'there is no block #40: the page has 5 top-level blocks (#0–#4)',
    );
    const malformed = await expectToolError(
      tools.call('patchNode', {
        pageId: P.pricing,
        nodeId: 'Intro',
        node: { type: 'paragraph' },
      }),
    );
    expect(malformed.code).toBe('invalid_input');
  });
});

describe('block ids as the text views show them', () => {
  it('address a block by its shown start, and a start two blocks share is refused with both ids, nothing written', async () => {
    const paragraph = (id: string, text: string) => ({
      type: 'paragraph',
      attrs: { id },
      content: [{ type: 'text', text }],
    });
    await tools.call('updatePageJson', {
      pageId: P.engineeringSetup,
      doc: {
        type: 'doc',
        content: [
          paragraph('sharedaaaaaa', 'First.'),
          paragraph('sharedbbbbbb', 'Second.'),
          paragraph('loneparagrap', 'Third.'),
        ],
      },
    });
    const page = await tools.call<{ content: string }>('getPage', {
      pageId: P.engineeringSetup,
    });
    expect(page.content).toBe(
      '#0 [shareda] First.\n#1 [sharedb] Second.\n#2 [lonep] Third.',
    );
    const before = await tools.page(P.engineeringSetup);
    const ambiguous = await expectToolError(
      tools.call('deleteNode', { pageId: P.engineeringSetup, nodeId: 'share' }),
    );
    expect(ambiguous.code).toBe('invalid_input');
    expect(ambiguous.message).toContain(
      'block id "share" is the start of 2 blocks\' ids (sharedaaaaaa, sharedbbbbbb)',
    );
    expect((await tools.page(P.engineeringSetup)).version).toBe(before.version);
    const deleted = await tools.call('deleteNode', {
      pageId: P.engineeringSetup,
      nodeId: 'sharedb',
    });
    expect(deleted.deleted).toEqual({ type: 'paragraph', text: 'Second.' });
    await tools.call('patchNode', {
      pageId: P.engineeringSetup,
      nodeId: 'lonep',
      node: paragraph('loneparagrap', 'Third, patched.'),
    });
    expect(
      (await tools.page(P.engineeringSetup)).content.content!.map(extractText),
    ).toEqual(['First.', 'Third, patched.']);
  });
});

describe('a human saving while a block edit runs', () => {
  it("makes the edit fail with a conflict and keeps the human's save", async () => {
    const humanContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'humanhumanhu' },
          content: [{ type: 'text', text: 'Saved by a person.' }],
        },
      ],
    };
    let agent: Promise<unknown> | undefined;
    await database.db.transaction().execute(async (human) => {
      // The human's save holds the row; the agent reads the old version, then waits to write.
      await sql`select id from pages where id = ${P.supportPlaybook} for update`.execute(
        human,
      );
      agent = tools.call('deleteNode', {
        pageId: P.supportPlaybook,
        nodeId: '#0',
      });
      agent.catch(() => undefined);
      for (let waited = 0; waited < 100; waited++) {
        const { rows } = await sql<{
          waiting: number;
        }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
          database.db,
        );
        if (rows[0]!.waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await human
        .updateTable('pages')
        .set({
          content: humanContent as never,
          updatedAt: sql`clock_timestamp()`,
        })
        .where('id', '=', P.supportPlaybook)
        .execute();
    });
    const error = await expectToolError(agent!);
    expect(error.code).toBe('conflict');
    expect((await tools.page(P.supportPlaybook)).content).toEqual(humanContent);
  });
});

describe('insertNode', () => {
  it('inserts before and after an anchor and appends at the end, with fresh unique ids', async () => {
    const after = await tools.call('insertNode', {
      pageId: P.designPrinciples,
      position: 'after',
      anchorNodeId: 'lzlrkdlbclmz',
      node: {
        type: 'paragraph',
        attrs: { id: 'lzlrkdlbclmz' },
        content: [{ type: 'text', text: 'Inserted after.' }],
      },
    });
    expect(after.nodeId).toMatch(/^[a-z]{12}$/);
    expect(after.nodeId).not.toBe('lzlrkdlbclmz');
    expect(after.outlineIndex).toBe(2);
    const before = await tools.call('insertNode', {
      pageId: P.designPrinciples,
      position: 'before',
      anchorNodeId: '#0',
      node: { type: 'horizontalRule' },
    });
    expect(before).toMatchObject({ nodeId: null, outlineIndex: 0 });
    const appended = await tools.call('insertNode', {
      pageId: P.designPrinciples,
      node: {
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: 'Appendix' }],
      },
    });
    const page = await tools.page(P.designPrinciples);
    expect(page.content.content!.map((block) => block.type)).toEqual([
      'horizontalRule',
      'heading',
      'paragraph',
      'paragraph',
      'image',
      'bulletList',
      'heading',
    ]);
    expect(appended.outlineIndex).toBe(6);
    expect(page.textContent).toContain('Inserted after.');
  });

  it('adds a list item next to the item holding the anchor paragraph', async () => {
    await tools.call('insertNode', {
      pageId: P.designPrinciples,
      position: 'after',
      anchorNodeId: 'xrzglkhxgcrp',
      node: {
        type: 'listItem',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Playful: delight in details.' }],
          },
        ],
      },
    });
    const page = await tools.page(P.designPrinciples);
    const list = page.content.content!.find(
      (block) => block.type === 'bulletList',
    )!;
    expect(
      list.content!.map((item) => extractText(item).split(':')[0]),
    ).toEqual(['Calm', 'Honest', 'Fast', 'Playful', 'Forgiving', 'Accessible']);
  });

  it('refuses a position without anchor and nodes that cannot stand where they would land', async () => {
    const noAnchor = await expectToolError(
      tools.call('insertNode', {
        pageId: P.designPrinciples,
        position: 'before',
        node: { type: 'paragraph' },
      }),
    );
    expect(noAnchor.message).toContain('position "before" needs anchorNodeId');
    const loneItem = await expectToolError(
      tools.call('insertNode', {
        pageId: P.designPrinciples,
        node: { type: 'listItem', content: [{ type: 'paragraph' }] },
      }),
    );
    expect(loneItem.message).toContain(
      'a listItem cannot stand at the top level',
    );
    const row = await expectToolError(
      tools.call('insertNode', {
        pageId: P.designPrinciples,
        position: 'after',
        anchorNodeId: 'lzlrkdlbclmz',
        node: { type: 'tableRow', content: [] },
      }),
    );
    expect(row.code).toBe('invalid_input');
  });
});

describe('deleteNode', () => {
  it('removes a block by id and a whole list by "#<n>"', async () => {
    const byId = await tools.call('deleteNode', {
      pageId: P.onboarding,
      nodeId: 'kfqnjwnsjdbf',
    });
    expect(byId.deleted).toEqual({
      type: 'paragraph',
      text: 'Pair with a teammate on a real bug, and read the Support Playbook before your first support shift.',
    });
    const list = await tools.call('deleteNode', {
      pageId: P.onboarding,
      nodeId: '#3',
    });
    expect(list.deleted.type).toBe('orderedList');
    const page = await tools.page(P.onboarding);
    expect(page.content.content!.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'heading',
    ]);
    expect(page.textContent).not.toContain('Pair with a teammate');
  });

  it('refuses to empty a container the editor cannot hold empty', async () => {
    const error = await expectToolError(
      tools.call('deleteNode', {
        pageId: P.pricing,
        nodeId: N.pricingTeamPrice,
      }),
    );
    expect(error.message).toContain('a tableCell needs at least one child');
    const unknown = await expectToolError(
      tools.call('deleteNode', { pageId: P.pricing, nodeId: 'qqqqqqqqqqqq' }),
    );
    expect(unknown.code).toBe('not_found');
  });
});

describe('updatePageJson', () => {
  const doc = {
    type: 'doc',
    content: [
      {
        type: 'heading',
        attrs: { level: 1 },
        content: [{ type: 'text', text: 'Weekly Sync' }],
      },
      {
        type: 'paragraph',
        attrs: { id: 'abcdefghijkl' },
        content: [
          { type: 'text', text: 'Rewritten.', marks: [{ type: 'italic' }] },
        ],
      },
      {
        type: 'callout',
        attrs: { type: 'info' },
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Note' }] },
        ],
      },
    ],
  };

  it('writes a valid document, generating missing ids, with text_content and one history row', async () => {
    const before = await tools.page(P.weeklySync);
    const result = await tools.call('updatePageJson', {
      pageId: P.weeklySync,
      doc,
      baseVersion: before.version,
    });
    expect(result).toMatchObject({
      pageId: P.weeklySync,
      blocks: 3,
      generatedIds: 2,
    });
    const after = await tools.page(P.weeklySync);
    expect(after.textContent).toBe('Weekly Sync\nRewritten.\nNote');
    expect(after.historyCount).toBe(before.historyCount + 1);
    expect(after.content.content![1]).toEqual(doc.content[1]);
    expect(after.content.content![0]!.attrs!.id).toMatch(/^[a-z]{12}$/);
  });

  it('fails with a conflict on a stale baseVersion and leaves the page unchanged', async () => {
    const read = await tools.call('getPageJson', { pageId: P.meetingNotes });
    await tools.call(
      'renamePage',
      { pageId: P.meetingNotes, title: 'Meeting notes (renamed by a human)' },
      'admin',
    );
    const before = await tools.page(P.meetingNotes);
    const error = await expectToolError(
      tools.call('updatePageJson', {
        pageId: P.meetingNotes,
        doc,
        baseVersion: read.version,
      }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toContain('nothing was written');
    expect(await tools.page(P.meetingNotes)).toEqual(before);
  });

  it('rejects unknown node and mark types by name, invalid JSON and a root that is not a doc', async () => {
    const before = await tools.page(P.weeklySync);
    const unknownNode = await expectToolError(
      tools.call('updatePageJson', {
        pageId: P.weeklySync,
        doc: { type: 'doc', content: [{ type: 'marquee' }] },
      }),
    );
    expect(unknownNode.code).toBe('invalid_input');
    expect(unknownNode.message).toMatch(
      /unknown node type "marquee" at doc\.content\[0\].*Valid node types: .*callout.*youtube/,
    );
    const unknownMark = await expectToolError(
      tools.call('updatePageJson', {
        pageId: P.weeklySync,
        doc: JSON.stringify({
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'x', marks: [{ type: 'blink' }] },
              ],
            },
          ],
        }),
      }),
    );
    expect(unknownMark.message).toContain('unknown mark type "blink"');
    expect(unknownMark.message).toContain('Valid mark types: bold, italic');
    const invalidJson = await expectToolError(
      tools.call('updatePageJson', { pageId: P.weeklySync, doc: 'not json' }),
    );
    expect(invalidJson.message).toContain('the string is not valid JSON');
    const wrongRoot = await expectToolError(
      tools.call('updatePageJson', {
        pageId: P.weeklySync,
        doc: { type: 'paragraph' },
      }),
    );
    expect(wrongRoot.message).toMatch(/type "paragraph".*"doc"/);
    const emptyList = await expectToolError(
      tools.call('updatePageJson', {
        pageId: P.weeklySync,
        doc: { type: 'doc', content: [{ type: 'bulletList', content: [] }] },
      }),
    );
    expect(emptyList.message).toContain(
      'a bulletList needs at least one child at doc.content[0]',
    );
    expect(await tools.page(P.weeklySync)).toEqual(before);
  });
});
