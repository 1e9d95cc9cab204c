/**
 * The deferred tier, in the order of the `<tool_catalog>` block the deferred-tools design specified, and each tool's
 * catalog line copied verbatim from that block. A line is the purpose only: the catalog renders
 * it as `- <name> — <line>`. Hand-written on purpose: first sentences of the descriptions were
 * not written to stand alone and make a poor catalog.
 */
export const DEFERRED_TOOL_NAMES = [
  'transformPage',
  'updatePageJson',
  'updatePageContent',
  'getPageJson',
  'patchNode',
  'insertNode',
  'deleteNode',
  'getTable',
  'tableInsertRow',
  'tableUpdateCell',
  'tableDeleteRow',
  'createPage',
  'renamePage',
  'movePage',
  'deletePage',
  'copyPageContent',
  'listSidebarPages',
  'getPageHistory',
  'listPageHistory',
  'diffPageVersions',
  'restorePageVersion',
  'exportPageMarkdown',
  'importPageMarkdown',
  'stashPage',
  'sharePage',
  'unsharePage',
  'listShares',
  'checkNewComments',
] as const;

export type DeferredToolName = (typeof DEFERRED_TOOL_NAMES)[number];

export const CATALOG_LINES: Readonly<Record<DeferredToolName, string>> = {
  transformPage:
    'scripted page rewrite: run a JS (doc, ctx) => doc transform against the live document, with a dry-run diff preview.',
  updatePageJson:
    "replace a page's whole content with a raw ProseMirror JSON document (lossless full write).",
  updatePageContent:
    "replace a page's content with new Markdown (full-body write).",
  getPageJson:
    'read a page as lossless ProseMirror JSON with block ids (for structural edits).',
  patchNode:
    'replace ONE block by its attrs.id without resending the document.',
  insertNode:
    'insert a block before/after an anchor block, or append at the end.',
  deleteNode: 'remove ONE block by its attrs.id.',
  getTable: 'read a table as a cell matrix (with per-cell paragraph ids).',
  tableInsertRow: 'insert a row of plain-text cells into a table.',
  tableUpdateCell: 'set the plain-text content of one table cell.',
  tableDeleteRow: 'delete one table row by index.',
  createPage: 'create a new page (Markdown), optionally nested under a parent.',
  renamePage: "change a page's title only.",
  movePage: 'move a page to a new parent or to the space root.',
  deletePage: 'SOFT-delete a page to trash (restorable, never permanent).',
  copyPageContent:
    "replace one page's content with another page's, server-side.",
  listSidebarPages: "list a space's sidebar page tree.",
  getPageHistory: 'read one saved version of a page.',
  listPageHistory: "list a page's saved versions (newest first).",
  diffPageVersions: 'diff two page versions (or a version vs current).',
  restorePageVersion:
    'write a past version back as the current content (revertible).',
  exportPageMarkdown:
    'export a page to one lossless Docmost-flavoured Markdown file.',
  importPageMarkdown:
    "replace a page's content from such an exported Markdown file.",
  stashPage:
    'hand a huge page (incl. images) to an external consumer via a short-lived anonymous URL, without pulling it through context.',
  sharePage:
    'make a page PUBLICLY accessible and return its URL (only when explicitly asked).',
  unsharePage: "revoke a page's public share.",
  listShares: 'list all public shares in the workspace.',
  checkNewComments: 'list comments created in a space after a given timestamp.',
};
