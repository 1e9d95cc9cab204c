import { SEED_IDS } from '../../../host/seed/seed-ids';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import {
  ANCHORED_TEXT,
  HEADING_BLOCK_ID,
  INTRO_BLOCK_ID,
  type TargetPage,
} from './restricted-pages';

/**
 * One row per way a tool touches a page, for all 41 tools: what the tool is called with when the
 * page under test is `target`. `other` is an unrestricted page of the same space the member may
 * edit (the other end of a copy or a move).
 *
 * - `read`: acts on the page without changing it; hidden, it must answer as for a missing page.
 * - `write`: changes the page (or what hangs off it); hidden it answers as missing, with a reader
 *   grant it is refused as read-only, with a writer grant it changes the page.
 * - `listing`: lists, searches or counts pages; a hidden page must not appear in the answer.
 */
export type ToolKind = 'read' | 'write' | 'listing';

export interface ToolPermissionRow {
  readonly tool: string;
  /** Tells rows of one tool apart (copy source or target, move page or new parent). */
  readonly variant?: string;
  readonly kind: ToolKind;
  input(target: TargetPage, other: TargetPage): Record<string, unknown>;
  /** Context beyond the caller, e.g. the page open beside the chat. */
  context?(target: TargetPage): Partial<ToolCallContext>;
  /** Listing rows whose answer names pages (listSpaces and getWorkspace only count or describe). */
  readonly namesPages?: boolean;
  /** The write needs the page to be publicly shared first. */
  readonly needsShare?: boolean;
  /**
   * The tool makes the page public (a share or stash link), which Docmost refuses for a
   * restricted page whoever asks: test/permissions/restricted-publishing.spec.ts.
   */
  readonly publishes?: boolean;
}

const PRODUCT = SEED_IDS.spaces.product;
const PARAGRAPH = {
  type: 'paragraph',
  content: [{ type: 'text', text: 'Written by the agent.' }],
};

export const TOOL_PERMISSION_TABLE: readonly ToolPermissionRow[] = [
  // Listings, search and counts.
  {
    tool: 'searchPages',
    kind: 'listing',
    namesPages: true,
    input: (target) => ({ query: target.secret }),
  },
  {
    tool: 'listPages',
    kind: 'listing',
    namesPages: true,
    input: () => ({ spaceId: PRODUCT, limit: 100 }),
  },
  {
    tool: 'listSidebarPages',
    kind: 'listing',
    namesPages: true,
    input: () => ({ spaceId: PRODUCT, maxDepth: 10, limit: 2000 }),
  },
  {
    tool: 'listShares',
    kind: 'listing',
    namesPages: true,
    input: () => ({ spaceId: PRODUCT }),
  },
  {
    tool: 'checkNewComments',
    kind: 'listing',
    namesPages: true,
    // From just before the target's comment, so later pages' comments cannot push it past the limit.
    input: (target) => ({
      spaceId: PRODUCT,
      since: new Date(Date.parse(target.commentCreatedAt) - 1).toISOString(),
      limit: 100,
    }),
  },
  { tool: 'listSpaces', kind: 'listing', input: () => ({}) },
  { tool: 'getWorkspace', kind: 'listing', input: () => ({}) },

  // Reads of one page.
  {
    tool: 'getPage',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'getCurrentPage',
    kind: 'read',
    input: () => ({}),
    context: (target) => ({ currentPageId: target.pageId }),
  },
  {
    tool: 'getOutline',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'getNode',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId, block: INTRO_BLOCK_ID }),
  },
  {
    tool: 'getPageJson',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'getTable',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId, table: '#2' }),
  },
  {
    tool: 'getComment',
    kind: 'read',
    input: (target) => ({ commentId: target.commentId }),
  },
  {
    tool: 'listComments',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'listPageHistory',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'getPageHistory',
    kind: 'read',
    input: (target) => ({ historyId: target.historyIds[0] }),
  },
  {
    tool: 'diffPageVersions',
    kind: 'read',
    input: (target) => ({
      pageId: target.pageId,
      from: target.historyIds[0],
      to: target.historyIds[1],
    }),
  },
  {
    tool: 'exportPageMarkdown',
    kind: 'read',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'stashPage',
    kind: 'read',
    publishes: true,
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'copyPageContent',
    variant: 'from the page',
    kind: 'read',
    input: (target, other) => ({
      sourcePageId: target.pageId,
      targetPageId: other.pageId,
    }),
  },

  // Writes.
  {
    tool: 'createComment',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      selection: ANCHORED_TEXT,
      content: 'Agreed.',
    }),
  },
  {
    tool: 'resolveComment',
    kind: 'write',
    input: (target) => ({ commentId: target.commentId }),
  },
  {
    tool: 'editPageText',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      find: 'until launch',
      replace: 'until the review',
    }),
  },
  {
    tool: 'transformPage',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      dryRun: false,
      script:
        "(doc, ctx) => { doc.content.push(ctx.paragraph('Added by a script.')); return doc; }",
    }),
  },
  {
    tool: 'updatePageJson',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      doc: { type: 'doc', content: [PARAGRAPH] },
    }),
  },
  {
    tool: 'updatePageContent',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      markdown: 'Rewritten by the agent.',
    }),
  },
  {
    tool: 'importPageMarkdown',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      markdown: 'Imported by the agent.',
    }),
  },
  {
    tool: 'patchNode',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      nodeId: HEADING_BLOCK_ID,
      node: {
        type: 'heading',
        attrs: { level: 1 },
        content: [{ type: 'text', text: 'New title' }],
      },
    }),
  },
  {
    tool: 'insertNode',
    kind: 'write',
    input: (target) => ({ pageId: target.pageId, node: PARAGRAPH }),
  },
  {
    tool: 'deleteNode',
    kind: 'write',
    input: (target) => ({ pageId: target.pageId, nodeId: HEADING_BLOCK_ID }),
  },
  {
    tool: 'tableInsertRow',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      table: '#2',
      cells: ['Pro', '$50'],
    }),
  },
  {
    tool: 'tableUpdateCell',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      table: '#2',
      row: 1,
      column: 1,
      text: '$9',
    }),
  },
  {
    tool: 'tableDeleteRow',
    kind: 'write',
    input: (target) => ({ pageId: target.pageId, table: '#2', row: 2 }),
  },
  {
    tool: 'createPage',
    kind: 'write',
    input: (target) => ({
      spaceId: PRODUCT,
      title: 'A child page',
      parentPageId: target.pageId,
    }),
  },
  {
    tool: 'renamePage',
    kind: 'write',
    input: (target) => ({
      pageId: target.pageId,
      title: 'Renamed by the agent',
    }),
  },
  {
    tool: 'movePage',
    variant: 'the page itself',
    kind: 'write',
    input: (target, other) => ({
      pageId: target.pageId,
      parentPageId: other.pageId,
    }),
  },
  {
    tool: 'movePage',
    variant: 'a page under it',
    kind: 'write',
    input: (target, other) => ({
      pageId: other.pageId,
      parentPageId: target.pageId,
    }),
  },
  {
    tool: 'deletePage',
    kind: 'write',
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'copyPageContent',
    variant: 'onto the page',
    kind: 'write',
    input: (target, other) => ({
      sourcePageId: other.pageId,
      targetPageId: target.pageId,
    }),
  },
  {
    tool: 'restorePageVersion',
    kind: 'write',
    input: (target) => ({ historyId: target.historyIds[0] }),
  },
  {
    tool: 'sharePage',
    kind: 'write',
    publishes: true,
    input: (target) => ({ pageId: target.pageId }),
  },
  {
    tool: 'unsharePage',
    kind: 'write',
    needsShare: true,
    input: (target) => ({ pageId: target.pageId }),
  },
];

export function rowName(row: ToolPermissionRow): string {
  return row.variant ? `${row.tool} (${row.variant})` : row.tool;
}
