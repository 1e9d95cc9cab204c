import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  Y,
  type YXmlElement,
  type YXmlText,
} from '../../src/collaboration/yjs';
import { extractText, asDocument } from '../../src/document';
import { contextFor, expectToolError } from '../support/seeded-tools';
import {
  eventually,
  startLivePageHost,
  type Editor,
  type LivePageHost,
} from './support/live-page-host';

const PAGE = SEED_IDS.pages.releaseNotes;

/** The text of the top-level block with `attrs.id`, as an editor holds it. */
function textOfBlock(editor: Editor, blockId: string): YXmlText {
  const element = editor.fragment
    .toArray()
    .find(
      (child) =>
        child instanceof Y.XmlElement && child.getAttribute('id') === blockId,
    ) as YXmlElement | undefined;
  if (!element) throw new Error(`block ${blockId} is not in the editor`);
  return element.get(0) as YXmlText;
}

async function storedDocument(host: LivePageHost, pageId: string) {
  const row = await host.database.db
    .selectFrom('pages')
    .select(['content'])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return asDocument(row.content);
}

async function storedText(host: LivePageHost, pageId: string): Promise<string> {
  const row = await host.database.db
    .selectFrom('pages')
    .select(['content'])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return extractText(asDocument(row.content));
}

describe('live pages: the agent reads and writes what the open editor shows', () => {
  let host: LivePageHost;

  beforeEach(async () => {
    host = await startLivePageHost({
      debounceMs: 60_000,
      maxDebounceMs: 120_000,
    });
  });

  afterEach(async () => {
    await host.close();
  });

  it('reads a human change the collaboration server has not stored yet, in every reading tool', async () => {
    const editor = await host.openEditor(PAGE);
    textOfBlock(editor, 'toruakuzxbje').insert(0, 'UNSAVED ');
    await editor.settled();
    expect(await storedText(host, PAGE)).not.toContain('UNSAVED');
    const reads: [string, Record<string, unknown>][] = [
      ['getPage', { pageId: PAGE }],
      ['getPageJson', { pageId: PAGE }],
      ['getOutline', { pageId: PAGE }],
      ['getNode', { pageId: PAGE, block: 'toruakuzxbje' }],
      ['exportPageMarkdown', { pageId: PAGE }],
      [
        'diffPageVersions',
        {
          pageId: PAGE,
          from: SEED_IDS.pageHistory.releaseNotesV1,
          to: 'current',
        },
      ],
    ];
    for (const [tool, input] of reads) {
      const output = await host.call(tool, input);
      expect([tool, JSON.stringify(output)]).toEqual([
        tool,
        expect.stringContaining('UNSAVED'),
      ]);
    }
  });

  it("lets the comment signal's mark scan see a comment anchored in the editor but not yet stored", async () => {
    // A page with comment threads: the scan knows its marks from the first read on.
    const pageId = SEED_IDS.pages.roadmap;
    const context = contextFor('owner', { sessionId: 'mark-scan' });
    // The first reads make the page part of the session and remember its comment marks.
    await host.registry.call('getPageJson', { pageId }, context);
    await host.registry.call('getPageJson', { pageId }, context);
    const editor = await host.openEditor(pageId, 'admin');
    const commentId = randomUUID();
    await host.database.db
      .insertInto('comments')
      .values({
        id: commentId,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'Is this right?' }],
            },
          ],
        },
        type: 'inline',
        creatorId: SEED_IDS.users.admin,
        pageId,
        spaceId: SEED_IDS.spaces.product,
        workspaceId: SEED_IDS.workspace,
        createdSource: 'user',
      })
      .execute();
    // Docmost's editor anchors the thread with a comment mark, in the live document only.
    const paragraph = editor.fragment
      .toArray()
      .find(
        (child) =>
          child instanceof Y.XmlElement &&
          child.nodeName === 'paragraph' &&
          child.get(0) instanceof Y.XmlText,
      ) as YXmlElement;
    (paragraph.get(0) as YXmlText).format(0, 4, {
      comment: { commentId, resolved: false },
    });
    await editor.settled();
    expect(JSON.stringify(await storedDocument(host, pageId))).not.toContain(
      commentId,
    );
    // Within the 20 s debounce only a new mark forces a count: the live read carries it.
    const outcome = await host.registry.call(
      'getPageJson',
      { pageId },
      context,
    );
    expect(outcome.notices.join('\n')).toMatch(
      /\[signal\] new comments: 1 on page/,
    );
  });

  it('reads a table as the editor has it (getTable)', async () => {
    const editor = await host.openEditor(SEED_IDS.pages.pricing);
    const table = editor.fragment.get(2) as YXmlElement;
    const row = table.get(1) as YXmlElement;
    const cell = row.get(0) as YXmlElement;
    ((cell.get(0) as YXmlElement).get(0) as YXmlText).insert(0, 'Live ');
    await editor.settled();
    const output = await host.call('getTable', {
      pageId: SEED_IDS.pages.pricing,
      table: '#2',
    });
    expect(JSON.stringify(output)).toContain('Live Starter');
  });

  it("shows the agent's change to a connected editor within 500 ms of the tool's result", async () => {
    const editor = await host.openEditor(PAGE);
    await host.call('editPageText', {
      pageId: PAGE,
      find: 'seperate',
      replace: 'separate',
    });
    await eventually(
      () => extractText(editor.document()).includes('a separate thread'),
      500,
      "the agent's change in the editor",
    );
  });

  it('merges an agent edit into the open document without losing what the human typed', async () => {
    const editor = await host.openEditor(PAGE);
    textOfBlock(editor, 'toruakuzxbje').insert(0, 'Human: ');
    await editor.settled();
    await host.call('editPageText', {
      pageId: PAGE,
      find: 'recieve',
      replace: 'receive',
    });
    await eventually(
      () => extractText(editor.document()).includes('now receive a weekly'),
      2000,
      "the agent's change in the editor",
    );
    const text = extractText(editor.document());
    expect(text).toContain('Human: Search results');
    // The server stores on the agent's direct transaction: the database has both.
    await eventually(async () => {
      const stored = await storedText(host, PAGE);
      return stored.includes('Human: Search') && stored.includes('now receive');
    });
  });

  it('refuses with conflict when the block the agent changes was changed since its read', async () => {
    const editor = await host.openEditor(PAGE);
    const read = await host.call<{ version: string; content: unknown }>(
      'getPageJson',
      { pageId: PAGE },
    );
    textOfBlock(editor, 'zdufgkasaqcx').insert(0, 'Typed: ');
    await editor.settled();
    const doc = read.content as { content: { attrs?: { id?: string } }[] };
    const changed = {
      ...doc,
      content: doc.content.map((block) =>
        block.attrs?.id === 'zdufgkasaqcx'
          ? {
              type: 'paragraph',
              attrs: { id: 'zdufgkasaqcx' },
              content: [{ type: 'text', text: 'Rewritten.' }],
            }
          : block,
      ),
    };
    const error = await expectToolError(
      host.call('updatePageJson', {
        pageId: PAGE,
        doc: changed,
        baseVersion: read.version,
      }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(
      /changed by someone else.*nothing was written/,
    );
    expect(extractText(editor.document())).toContain('Typed: Workspace admins');
    expect(extractText(editor.document())).not.toContain('Rewritten.');
  });

  it('keeps the cursor of an editor in a block the agent did not change', async () => {
    const editor = await host.openEditor(PAGE);
    const text = textOfBlock(editor, 'toruakuzxbje');
    // A cursor after "Search " in a block the agent leaves alone.
    const cursor = Y.createRelativePositionFromTypeIndex(text, 7);
    await host.call('editPageText', {
      pageId: PAGE,
      find: 'occured',
      replace: 'occurred',
    });
    await eventually(
      () => extractText(editor.document()).includes('occurred'),
      2000,
    );
    const position = Y.createAbsolutePositionFromRelativePosition(
      cursor,
      editor.doc,
    );
    expect(position?.type).toBe(text);
    expect(position?.index).toBe(7);
  });

  it('writes a page nobody has open through the database; the next editor sees it', async () => {
    await host.call('editPageText', {
      pageId: PAGE,
      find: 'teh',
      replace: 'the',
    });
    const row = await host.database.db
      .selectFrom('pages')
      .select([
        'ydoc',
        sql<number>`(select count(*)::int from page_history where page_id = pages.id)`.as(
          'history',
        ),
      ])
      .where('id', '=', PAGE)
      .executeTakeFirstOrThrow();
    expect(row.ydoc).toBeNull();
    expect(await storedText(host, PAGE)).toContain('show the page path');
    const editor = await host.openEditor(PAGE);
    expect(extractText(editor.document())).toContain('show the page path');
  });
});
