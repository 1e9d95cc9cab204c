import { z } from 'zod';
import { prosemirrorNodeInput } from '../../registry';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import { baseVersionField, idField, pageIdField } from '../shared-fields';
import { ADDS, CHANGES, READ_ONLY, REPLACES } from '../tool-annotations';

/**
 * Structural tools: the page as lossless ProseMirror JSON, and block-level edits addressed by
 * block id or outline index. Every write is validated against Docmost's editor schema and is a
 * compare-and-set on the page version, so a concurrent human edit is never overwritten.
 */

/**
 * What every block edit leaves behind. A save racing the call fails it with a conflict whose
 * message says to read again; that is said there, when it happens, not in every definition.
 */
const HISTORY_NOTE =
  'Every write adds a page history version (revert with restorePageVersion).';

const nodeReferenceField = idField(
  'The block: its id (attrs.id, or its start as getPage shows it; headings and paragraphs at any depth, including inside lists, quotes and table cells), or "#<n>" for the n-th top-level block as getOutline numbers them (for blocks without an id: tables, lists, images, rules).',
);

const blockNodeField = prosemirrorNodeInput({
  description:
    'ONE block node in ProseMirror JSON, as an object or a JSON string, e.g. {"type":"paragraph","content":[{"type":"text","text":"Hello "},{"type":"text","text":"world","marks":[{"type":"bold"}]}]}. Same node and mark types as updatePageJson; block ids may be omitted (they are generated).',
});

export const getPageJsonTool = defineTool({
  name: 'getPageJson',
  mcpName: 'get_page_json',
  title: 'Read a page as ProseMirror JSON',
  description: [
    'Returns a page\'s content exactly as stored: the lossless ProseMirror JSON document (type "doc") with every node, mark and attribute, block ids in attrs.id, plus the title and `version` (and pageId when you named the page by slugId).',
    'Use it before structural edits that need the exact JSON: patchNode, insertNode, deleteNode or a full rewrite with updatePageJson. To read or proofread text, getPage is far cheaper; for the structure only, getOutline; for a table, getTable.',
    'Keep `version`: pass it as baseVersion to updatePageJson so the write fails instead of overwriting an edit made after your read.',
    'Comment anchors appear as marks {"type":"comment","attrs":{"commentId":…}}: keep them when you rewrite text, or the comment thread loses its place.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.getPageJson,
  inputSchema: z.object({ pageId: pageIdField }),
  annotations: READ_ONLY,
});

export const patchNodeTool = defineTool({
  name: 'patchNode',
  mcpName: 'patch_node',
  title: 'Replace one block',
  description: [
    'Replaces ONE block of a page with a new block, without resending the document. Address the block by its attrs.id, or a top-level block by "#<n>" (getOutline numbering).',
    'Use it to rewrite a paragraph with formatting, turn a paragraph into a heading, or replace a whole list or table (by "#<n>"). For plain text fixes inside a block, editPageText is safer (it keeps marks and comment anchors); for a single table cell, tableUpdateCell.',
    "The new block keeps the old block's id when you give none, so links and comment threads pointing at it survive; other missing ids are generated and ids already used elsewhere on the page are replaced.",
    "The node is validated against Docmost's editor schema (unknown node or mark types are rejected by name with the valid list) and must fit where the old block was: inside a list item the first block must stay a paragraph, inline content (text, mention) is never a block.",
    "Returns the page id, the block's id, its new version and the replaced block's text.",
    HISTORY_NOTE,
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.patchNode,
  inputSchema: z.object({
    pageId: pageIdField,
    nodeId: nodeReferenceField,
    node: blockNodeField,
  }),
  annotations: REPLACES,
});

export const insertNodeTool = defineTool({
  name: 'insertNode',
  mcpName: 'insert_node',
  title: 'Insert a block',
  description: [
    'Inserts ONE new block into a page: "before" or "after" an anchor block (its attrs.id, or "#<n>" for a top-level block), or "append" at the end of the page.',
    "The block lands next to the anchor, at the anchor's depth (inside the same list item, quote or table cell). A node that can only live in a particular container climbs to it: a listItem or taskItem anchored on a paragraph inside a list item becomes a new item next to that item, a tableRow anchored on a cell paragraph becomes a new row next to that row (tableInsertRow is simpler for plain-text rows).",
    "Missing block ids are generated; the node is validated against Docmost's editor schema (unknown types are rejected by name) and must be allowed where it lands.",
    "Returns the page id, the new block's id (null for blocks without ids, such as tables and lists; address those by the returned outline index when top-level), and the new version.",
    HISTORY_NOTE,
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.insertNode,
  inputSchema: z.object({
    pageId: pageIdField,
    node: blockNodeField,
    position: z
      .enum(['before', 'after', 'append'])
      .default('append')
      .describe(
        '"before" or "after" the anchor block (anchorNodeId required), or "append" (default) at the end of the page.',
      ),
    anchorNodeId: nodeReferenceField
      .optional()
      .describe(
        'With "before"/"after": the anchor block, by attrs.id or "#<n>" (top-level block). Ignored for "append".',
      ),
  }),
  annotations: ADDS,
});

export const deleteNodeTool = defineTool({
  name: 'deleteNode',
  mcpName: 'delete_node',
  title: 'Delete one block',
  description: [
    'Removes ONE block from a page, with everything inside it: by attrs.id, or a top-level block by "#<n>" (the way to remove a whole table, list or image).',
    'Refuses to leave a container the editor cannot hold empty (the only paragraph of a list item or table cell, the only item of a list): delete the container instead, or patchNode it.',
    'Comment threads anchored in the removed text lose their anchor (the threads stay in listComments).',
    "Returns the page id, the removed block's type and text, and the new version.",
    HISTORY_NOTE,
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.deleteNode,
  inputSchema: z.object({ pageId: pageIdField, nodeId: nodeReferenceField }),
  annotations: CHANGES,
});

export const updatePageJsonTool = defineTool({
  name: 'updatePageJson',
  mcpName: 'update_page_json',
  title: 'Replace a page with ProseMirror JSON',
  description: [
    'Replaces a page\'s WHOLE content with a ProseMirror JSON document (type "doc"): a lossless full write. Normally: getPageJson, change the JSON, send it back with baseVersion set to the version you read.',
    'Use it for restructuring that block tools cannot express in a few calls. For a few blocks use patchNode/insertNode/deleteNode; for text fixes editPageText; for Markdown content updatePageContent.',
    "The document is validated against the node and mark types Docmost's editor knows. Nodes: doc, paragraph, heading (attrs.level 1-6), text, hardBreak, blockquote, bulletList, orderedList, listItem, taskList, taskItem, codeBlock, horizontalRule, pageBreak, image, video, audio, pdf, attachment, table, tableRow, tableHeader, tableCell, callout, details, detailsSummary, detailsContent, columns, column, mathInline, mathBlock, mention, status, drawio, excalidraw, embed, htmlEmbed, youtube, subpages, pageEmbed, transclusionSource, transclusionReference, footnoteReference, footnotesList, footnoteDefinition. Marks: bold, italic, strike, underline, code, link (attrs.href), highlight, textStyle, comment, superscript, subscript, spoiler.",
    'An unknown type, text outside a paragraph, an empty list or a table without rows is rejected with the path of every problem and nothing is written. Missing or duplicated block ids of headings and paragraphs are generated.',
    'Anything you leave out is gone: keep images, tables and comment marks you did not mean to remove. The title is not part of the document (renamePage).',
    'With baseVersion, a page changed since your read fails with a conflict and nothing is written. Every write adds a page history version (revert with restorePageVersion). Returns the page id, new version, block count and how many ids were generated.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.updatePageJson,
  inputSchema: z.object({
    pageId: pageIdField,
    doc: prosemirrorNodeInput({
      nodeType: 'doc',
      description:
        'The complete new document: {"type":"doc","content":[…blocks…]}, as an object or a JSON string. An empty page is {"type":"doc","content":[]}.',
    }),
    baseVersion: baseVersionField,
  }),
  annotations: REPLACES,
});

/** In the catalog's order. */
export const STRUCTURE_TOOLS = [
  updatePageJsonTool,
  getPageJsonTool,
  patchNodeTool,
  insertNodeTool,
  deleteNodeTool,
] as const;
