import { randomUUID } from 'node:crypto';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { JsonValue } from '../../src/database';
import {
  Y,
  type YXmlElement,
  type YXmlText,
} from '../../src/collaboration/yjs';
import {
  blockFingerprint,
  extractText,
  asDocument,
  type ProseMirrorNode,
} from '../../src/document';
import {
  eventually,
  startLivePageHost,
  type Editor,
  type LivePageHost,
} from './support/live-page-host';

const paragraph = (id: string, text: string): ProseMirrorNode => ({
  type: 'paragraph',
  attrs: { id },
  content: [{ type: 'text', text }],
});

const cell = (id: string, text: string): ProseMirrorNode => ({
  type: 'tableCell',
  attrs: { colspan: 1, rowspan: 1 },
  content: [paragraph(id, text)],
});

/** A page laid out for the race: the human's block first, one block per agent tool after it. */
const RACE_PAGE: ProseMirrorNode = {
  type: 'doc',
  content: [
    paragraph('humanblockaa', 'Human:'),
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [cell('tableheadaaa', 'Key'), cell('tableheadbbb', 'Value')],
        },
        {
          type: 'tableRow',
          content: [cell('tablecellaaa', 'cell'), cell('tablecellbbb', 't0')],
        },
      ],
    },
    paragraph('edittextblok', 'edit e0'),
    paragraph('patchnodeblk', 'patch p0'),
    paragraph('jsonblockone', 'json j0'),
    paragraph('scriptblocka', 'script x0'),
    paragraph('markdownblok', 'markdown m0'),
    paragraph('commentblock', 'comment anchor here'),
  ],
};

function topBlock(editor: Editor, id: string): YXmlElement {
  const element = editor.fragment
    .toArray()
    .find(
      (child) =>
        child instanceof Y.XmlElement && child.getAttribute('id') === id,
    ) as YXmlElement | undefined;
  if (!element) throw new Error(`block ${id} is not in the editor`);
  return element;
}

function blockText(document: ProseMirrorNode, id: string): string | undefined {
  const block = document.content?.find((node) => node.attrs?.id === id);
  return block && extractText({ type: 'doc', content: [block] }).trim();
}

describe('live pages: a human types while the agent edits other blocks of the same page', () => {
  let host: LivePageHost;
  let pageId: string;

  beforeAll(async () => {
    host = await startLivePageHost({ debounceMs: 300, maxDebounceMs: 2000 });
    pageId = randomUUID();
    await host.database.db
      .insertInto('pages')
      .values({
        id: pageId,
        slugId: `race${pageId.slice(0, 6)}`,
        title: 'Race',
        position: 'z9',
        content: RACE_PAGE as unknown as JsonValue,
        textContent: extractText(RACE_PAGE),
        spaceId: SEED_IDS.spaces.product,
        workspaceId: SEED_IDS.workspace,
        creatorId: SEED_IDS.users.owner,
      })
      .execute();
  });

  afterAll(async () => {
    await host.close();
  });

  it('keeps every keystroke and every agent change over 200 concurrent rounds', async () => {
    const human = await host.openEditor(pageId);
    const observer = await host.openEditor(pageId, 'admin');
    const typed = topBlock(human, 'humanblockaa').get(0) as YXmlText;
    let keystrokes = 0;
    // 20 changes a second at the end of the human's block, for as long as the agent works.
    const typing = setInterval(() => {
      typed.insert(typed.length, ` k${keystrokes}`);
      keystrokes++;
    }, 50);
    const last: Record<string, number> = {};
    let insertedId: string | undefined;
    let commentId: string | undefined;
    const rounds: ((round: number) => Promise<unknown>)[] = [
      async (round) => {
        await host.call('editPageText', {
          pageId,
          blockId: 'edittextblok',
          find: `e${last.edit ?? 0}`,
          replace: `e${round}`,
        });
        last.edit = round;
      },
      async (round) => {
        await host.call('patchNode', {
          pageId,
          nodeId: 'patchnodeblk',
          node: paragraph('patchnodeblk', `patch p${round}`),
        });
        last.patch = round;
      },
      async (round) => {
        if (insertedId) {
          await host.call('deleteNode', { pageId, nodeId: insertedId });
          insertedId = undefined;
        } else {
          insertedId = `inserted${'abcdefghijklmnopqrstuvwxyz'[round % 26]}aaa`;
          await host.call('insertNode', {
            pageId,
            position: 'after',
            anchorNodeId: 'patchnodeblk',
            node: paragraph(insertedId, `inserted ${round}`),
          });
        }
      },
      async (round) => {
        const read = await host.call('getPageJson', { pageId });
        const doc = read.content as ProseMirrorNode;
        await host.call('updatePageJson', {
          pageId,
          baseVersion: read.version,
          doc: {
            ...doc,
            content: doc.content!.map((block) =>
              block.attrs?.id === 'jsonblockone'
                ? paragraph('jsonblockone', `json j${round}`)
                : block,
            ),
          },
        });
        last.json = round;
      },
      async (round) => {
        await host.call('transformPage', {
          pageId,
          dryRun: false,
          script: `(doc, ctx) => { ctx.walk(doc, (node) => { if (node.type === "text" && node.text.startsWith("script x")) node.text = "script x${round}"; }); return doc; }`,
        });
        last.script = round;
      },
      async (round) => {
        const exported = await host.call('exportPageMarkdown', { pageId });
        await host.call('updatePageContent', {
          pageId,
          baseVersion: exported.version,
          markdown: (exported.markdown as string).replace(
            `markdown m${last.markdown ?? 0}`,
            `markdown m${round}`,
          ),
        });
        last.markdown = round;
      },
      async (round) => {
        await host.call('tableUpdateCell', {
          pageId,
          table: '#1',
          row: 1,
          column: 1,
          text: `t${round}`,
        });
        last.table = round;
      },
      async () => {
        if (commentId) {
          await host.call('resolveComment', { commentId, resolved: true });
          commentId = undefined;
        } else {
          const created = await host.call('createComment', {
            pageId,
            selection: 'anchor',
            content: 'A question.',
          });
          commentId = created.id;
        }
      },
      async (round) => {
        await host.call('renamePage', { pageId, title: `Race ${round}` });
      },
    ];
    try {
      for (let round = 1; round <= 200; round++)
        await rounds[round % rounds.length]!(round);
    } finally {
      clearInterval(typing);
    }
    await human.settled();
    const expectedKeystrokes = Array.from(
      { length: keystrokes },
      (_, index) => `k${index}`,
    ).join(' ');
    const humanText = `Human: ${expectedKeystrokes}`;
    await eventually(
      () => blockText(observer.document(), 'humanblockaa') === humanText,
      5000,
      'every keystroke in the observer',
    );
    expect(keystrokes).toBeGreaterThan(40);
    for (const editor of [human, observer]) {
      const document = editor.document();
      expect(blockText(document, 'humanblockaa')).toBe(humanText);
      expect(blockText(document, 'edittextblok')).toBe(`edit e${last.edit}`);
      expect(blockText(document, 'patchnodeblk')).toBe(`patch p${last.patch}`);
      expect(blockText(document, 'jsonblockone')).toBe(`json j${last.json}`);
      expect(blockText(document, 'scriptblocka')).toBe(
        `script x${last.script}`,
      );
      expect(blockText(document, 'markdownblok')).toBe(
        `markdown m${last.markdown}`,
      );
      expect(extractText(document)).toContain(`t${last.table}`);
    }
    expect(blockFingerprint(observer.document())).toBe(
      blockFingerprint(human.document()),
    );
    // After the store, the database holds exactly what the editors hold.
    await host.collaboration.flush();
    await eventually(
      async () => {
        const row = await host.database.db
          .selectFrom('pages')
          .select('content')
          .where('id', '=', pageId)
          .executeTakeFirstOrThrow();
        return (
          blockFingerprint(asDocument(row.content)) ===
          blockFingerprint(human.document())
        );
      },
      5000,
      "the stored content to equal the editors' document",
    );
  });
});
