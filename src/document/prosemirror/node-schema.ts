/**
 * The node and mark types Docmost's editor knows: the schema surface of the Docmost fork's
 * TipTap extensions (`apps/server/src/collaboration/collaboration.util.ts`, whose schema the
 * collaboration server parses every document with). A document using any other type would be
 * stripped or rejected by the editor, so full-document writes are checked against these lists.
 */
export const DOCMOST_NODE_TYPES = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'taskList',
  'taskItem',
  'codeBlock',
  'horizontalRule',
  'pageBreak',
  'image',
  'video',
  'audio',
  'pdf',
  'attachment',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'callout',
  'details',
  'detailsSummary',
  'detailsContent',
  'columns',
  'column',
  'mathInline',
  'mathBlock',
  'mention',
  'status',
  'drawio',
  'excalidraw',
  'embed',
  'htmlEmbed',
  'youtube',
  'subpages',
  'pageEmbed',
  'transclusionSource',
  'transclusionReference',
  'footnoteReference',
  'footnotesList',
  'footnoteDefinition',
] as const;

export const DOCMOST_MARK_TYPES = [
  'bold',
  'italic',
  'strike',
  'underline',
  'code',
  'link',
  'highlight',
  'textStyle',
  'comment',
  'superscript',
  'subscript',
  'spoiler',
] as const;

export type DocmostNodeType = (typeof DOCMOST_NODE_TYPES)[number];
export type DocmostMarkType = (typeof DOCMOST_MARK_TYPES)[number];

export const NODE_TYPE_SET: ReadonlySet<string> = new Set(DOCMOST_NODE_TYPES);
export const MARK_TYPE_SET: ReadonlySet<string> = new Set(DOCMOST_MARK_TYPES);

/** Inline nodes: they live inside text blocks, never directly in a container of blocks. */
export const INLINE_NODE_TYPES: ReadonlySet<string> = new Set([
  'text',
  'hardBreak',
  'mention',
  'mathInline',
  'status',
  'footnoteReference',
]);

/** Blocks whose children are inline content (text and inline atoms). */
export const TEXT_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'codeBlock',
  'detailsSummary',
]);

/** Atoms: nodes that never have children. */
export const LEAF_NODE_TYPES: ReadonlySet<string> = new Set([
  'text',
  'hardBreak',
  'horizontalRule',
  'pageBreak',
  'image',
  'video',
  'audio',
  'pdf',
  'attachment',
  'mathInline',
  'mathBlock',
  'mention',
  'status',
  'drawio',
  'excalidraw',
  'embed',
  'htmlEmbed',
  'youtube',
  'subpages',
  'pageEmbed',
  'transclusionReference',
  'footnoteReference',
]);

/** Containers that accept only the listed child types (the rest accept any block). */
export const ALLOWED_CHILD_TYPES: Readonly<Record<string, readonly string[]>> =
  {
    table: ['tableRow'],
    tableRow: ['tableCell', 'tableHeader'],
    bulletList: ['listItem'],
    orderedList: ['listItem'],
    taskList: ['taskItem'],
    details: ['detailsSummary', 'detailsContent'],
    columns: ['column'],
    footnotesList: ['footnoteDefinition'],
    codeBlock: ['text'],
  };

/**
 * Nodes that only exist inside particular containers (a listItem in a list, a tableRow in a
 * table), derived from `ALLOWED_CHILD_TYPES`.
 */
export const REQUIRED_PARENT_TYPES: Readonly<
  Record<string, readonly string[]>
> = Object.entries(ALLOWED_CHILD_TYPES).reduce<Record<string, string[]>>(
  (parents, [parent, children]) => {
    for (const child of children)
      if (child !== 'text') (parents[child] ??= []).push(parent);
    return parents;
  },
  {},
);

/** Containers the editor cannot represent empty (their content expression needs one child). */
export const NON_EMPTY_TYPES: ReadonlySet<string> = new Set([
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
  'bulletList',
  'orderedList',
  'taskList',
  'listItem',
  'taskItem',
  'blockquote',
  'columns',
  'column',
]);

/** List items start with a paragraph (`paragraph block*`). */
export const FIRST_CHILD_TYPE: Readonly<Record<string, string>> = {
  listItem: 'paragraph',
  taskItem: 'paragraph',
};

export function isInlineType(type: string): boolean {
  return INLINE_NODE_TYPES.has(type);
}
