import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import type { PageChange } from '../../src';
import type { ProseMirrorNode } from '../../src/document';
import type { SeededTools, StoredPage } from '../support/seeded-tools';

const P = SEED_IDS.pages;

/** `content` with the first occurrence of one JSON fragment replaced: an exact expected document. */
function replaced(
  content: ProseMirrorNode,
  fragment: string,
  replacement: string,
): ProseMirrorNode {
  const json = JSON.stringify(content);
  if (!json.includes(fragment))
    throw new Error(`the seeded page no longer holds ${fragment}`);
  return JSON.parse(json.replace(fragment, replacement)) as ProseMirrorNode;
}

/**
 * `content` with every node below the root passed through `edit`, which returns what stands in
 * its place (stored JSON has PostgreSQL's key order, so nodes are matched, not text).
 */
function mapNodes(
  content: ProseMirrorNode,
  edit: (node: ProseMirrorNode) => readonly ProseMirrorNode[],
): ProseMirrorNode {
  if (content.content === undefined) return content;
  return {
    ...content,
    content: content.content.flatMap((child) => edit(mapNodes(child, edit))),
  };
}

/** The top-level blocks of a document, changed by `edit`. */
function withBlocks(
  content: ProseMirrorNode,
  edit: (blocks: ProseMirrorNode[]) => ProseMirrorNode[],
): ProseMirrorNode {
  return { ...content, content: edit([...(content.content ?? [])]) };
}

/** The pricing table (the page's third block) with one row changed by `edit`. */
function withTableRows(
  content: ProseMirrorNode,
  edit: (rows: ProseMirrorNode[]) => ProseMirrorNode[],
): ProseMirrorNode {
  return withBlocks(content, (blocks) =>
    blocks.map((block, index) =>
      index === 2
        ? { ...block, content: edit([...(block.content ?? [])]) }
        : block,
    ),
  );
}

const MEETING_NOTES_DOC: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { id: 'writerdocone' },
      content: [{ type: 'text', text: 'Written through the host.' }],
    },
  ],
};

const PARAGRAPH: ProseMirrorNode = {
  type: 'paragraph',
  attrs: { id: 'writernewone' },
  content: [{ type: 'text', text: 'Added through the host.' }],
};

/** What a case reads with: the tools under test and their database. */
export interface CaseEnvironment {
  readonly tools: SeededTools;
  readonly db: Kysely<DB>;
}

/** One call's outcome, from which a case computes the change the writer must have got. */
export interface CallOutcome extends CaseEnvironment {
  /** The page as stored before the call. */
  readonly before: StoredPage;
  readonly output: any;
  /** The change the writer got, for the parts no test can know (fresh ids). */
  readonly written: PageChange | undefined;
}

export interface WritingCase {
  readonly tool: string;
  readonly pageId: string;
  /** The tool's input; some need a read first (an export). */
  input(environment: CaseEnvironment): Promise<Record<string, unknown>>;
  /** The exact change the writer must get. */
  expected(outcome: CallOutcome): Promise<PageChange> | PageChange;
  /** True when the tool pairs the page write with rows of its own, in one transaction. */
  readonly inTransaction?: boolean;
  /** False for a tool whose result names no page version (resolveComment). */
  readonly reportsVersion?: false;
}

/**
 * Every tool that changes an existing page's content or title, with an input on the seeded
 * workspace and the exact change it must hand the page writer.
 */
export const WRITING_CASES: readonly WritingCase[] = [
  {
    tool: 'editPageText',
    pageId: P.engineeringSetup,
    input: async () => ({
      pageId: P.engineeringSetup,
      find: 'Clone the monorepo.',
      replace: 'Clone the repository.',
    }),
    expected: ({ before }) => ({
      content: replaced(
        before.content,
        '"Clone the monorepo."',
        '"Clone the repository."',
      ),
    }),
  },
  {
    tool: 'createComment',
    pageId: P.engineeringSetup,
    // The comment is created through the comment service first (Docmost's makes its own id),
    // then its anchor is written on its own: no transaction of the tool's spans the two.
    inTransaction: false,
    input: async () => ({
      pageId: P.engineeringSetup,
      selection: 'Docker',
      content: 'Which version?',
    }),
    expected: ({ before, output }) => ({
      content: mapNodes(before.content, (node) =>
        node.text === 'You need Node.js 20, Docker and access to the '
          ? [
              { type: 'text', text: 'You need Node.js 20, ' },
              {
                type: 'text',
                text: 'Docker',
                marks: [
                  {
                    type: 'comment',
                    attrs: { commentId: output.id, resolved: false },
                  },
                ],
              },
              { type: 'text', text: ' and access to the ' },
            ]
          : [node],
      ),
    }),
  },
  {
    tool: 'resolveComment',
    pageId: P.roadmap,
    inTransaction: true,
    reportsVersion: false,
    input: async () => ({
      commentId: SEED_IDS.comments.roadmapSso,
      resolved: true,
    }),
    expected: ({ before }) => ({
      content: mapNodes(before.content, (node) => [
        {
          ...node,
          ...(node.marks && {
            marks: node.marks.map((mark) =>
              mark.attrs?.commentId === SEED_IDS.comments.roadmapSso
                ? { ...mark, attrs: { ...mark.attrs, resolved: true } }
                : mark,
            ),
          }),
        },
      ]),
    }),
  },
  {
    tool: 'transformPage',
    pageId: P.onboarding,
    input: async () => ({
      pageId: P.onboarding,
      dryRun: false,
      script:
        '(doc, ctx) => { ctx.walk(doc, (node) => { if (node.type === "text") node.text = node.text.replace("Welcome to Acme!", "Welcome aboard!"); }); return doc; }',
    }),
    expected: ({ before }) => ({
      content: replaced(before.content, 'Welcome to Acme!', 'Welcome aboard!'),
    }),
  },
  {
    tool: 'updatePageJson',
    pageId: P.meetingNotes,
    input: async () => ({ pageId: P.meetingNotes, doc: MEETING_NOTES_DOC }),
    expected: () => ({ content: MEETING_NOTES_DOC }),
  },
  {
    tool: 'updatePageContent',
    pageId: P.meetingNotes,
    input: async ({ tools }) => {
      const { markdown } = await tools.call('exportPageMarkdown', {
        pageId: P.meetingNotes,
      });
      return {
        pageId: P.meetingNotes,
        markdown: markdown.replace('newest first', 'oldest first'),
      };
    },
    expected: ({ before }) => ({
      content: replaced(before.content, 'newest first', 'oldest first'),
    }),
  },
  {
    tool: 'importPageMarkdown',
    pageId: P.weeklySync,
    input: async ({ tools }) => {
      const { markdown } = await tools.call('exportPageMarkdown', {
        pageId: P.weeklySync,
      });
      return { pageId: P.weeklySync, markdown };
    },
    expected: ({ before }) => ({ content: before.content }),
  },
  {
    tool: 'patchNode',
    pageId: P.weeklySync,
    input: async () => ({
      pageId: P.weeklySync,
      nodeId: 'ewgkfqvfvsrb',
      node: { ...PARAGRAPH, attrs: { id: 'ewgkfqvfvsrb' } },
    }),
    expected: ({ before }) => ({
      content: withBlocks(before.content, (blocks) =>
        blocks.map((block) =>
          block.attrs?.id === 'ewgkfqvfvsrb'
            ? { ...PARAGRAPH, attrs: { id: 'ewgkfqvfvsrb' } }
            : block,
        ),
      ),
    }),
  },
  {
    tool: 'insertNode',
    pageId: P.weeklySync,
    input: async () => ({
      pageId: P.weeklySync,
      position: 'append',
      node: PARAGRAPH,
    }),
    expected: ({ before }) => ({
      content: withBlocks(before.content, (blocks) => [...blocks, PARAGRAPH]),
    }),
  },
  {
    tool: 'deleteNode',
    pageId: P.weeklySync,
    input: async () => ({ pageId: P.weeklySync, nodeId: 'ghogsirbizgi' }),
    expected: ({ before }) => ({
      content: withBlocks(before.content, (blocks) =>
        blocks.filter((block) => block.attrs?.id !== 'ghogsirbizgi'),
      ),
    }),
  },
  {
    tool: 'tableUpdateCell',
    pageId: P.pricing,
    input: async () => ({
      pageId: P.pricing,
      table: '#2',
      row: 2,
      column: 1,
      text: '$9',
    }),
    expected: ({ before }) => ({
      content: mapNodes(before.content, (node) =>
        node.attrs?.id === SEED_NODE_IDS.pricingTeamPrice
          ? [{ ...node, content: [{ type: 'text', text: '$9' }] }]
          : [node],
      ),
    }),
  },
  {
    tool: 'tableDeleteRow',
    pageId: P.pricing,
    input: async () => ({ pageId: P.pricing, table: '#2', row: 1 }),
    expected: ({ before }) => ({
      content: withTableRows(before.content, (rows) =>
        rows.filter((_row, index) => index !== 1),
      ),
    }),
  },
  {
    tool: 'tableInsertRow',
    pageId: P.pricing,
    input: async () => ({
      pageId: P.pricing,
      table: '#2',
      index: 1,
      cells: ['Free trial', '$0', '1'],
    }),
    // The new cells' paragraph ids are fresh: the expected row is the one the writer got, after
    // checking its text; every other block and row must be exactly as stored.
    expected: ({ before, written }) => {
      const inserted = written?.content?.content?.[2]?.content?.[1];
      expect(JSON.stringify(inserted)).toMatch(
        /"text":"Free trial".*"text":"\$0".*"text":"1"/,
      );
      return {
        content: withTableRows(before.content, (rows) => [
          rows[0]!,
          inserted as ProseMirrorNode,
          ...rows.slice(1),
        ]),
      };
    },
  },
  {
    tool: 'renamePage',
    pageId: P.onboarding,
    input: async () => ({ pageId: P.onboarding, title: 'Welcome Guide' }),
    expected: () => ({ title: 'Welcome Guide' }),
  },
  {
    tool: 'copyPageContent',
    pageId: P.onboarding,
    input: async () => ({
      sourcePageId: P.meetingNotes,
      targetPageId: P.onboarding,
    }),
    expected: async ({ tools }) => ({
      content: (await tools.page(P.meetingNotes)).content,
    }),
  },
  {
    tool: 'restorePageVersion',
    pageId: P.releaseNotes,
    input: async () => ({ historyId: SEED_IDS.pageHistory.releaseNotesV1 }),
    expected: async ({ db }) => {
      const version = await db
        .selectFrom('pageHistory')
        .select('content')
        .where('id', '=', SEED_IDS.pageHistory.releaseNotesV1)
        .executeTakeFirstOrThrow();
      return { content: version.content as unknown as ProseMirrorNode };
    },
  },
];
