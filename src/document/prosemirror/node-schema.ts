/**
 * The node and mark types Docmost's editor knows: the schema surface of the Docmost fork's
 * TipTap extensions (`apps/server/src/collaboration/collaboration.util.ts`, whose schema the
 * collaboration server parses every document with). A document using any other type would be
 * stripped or rejected by the editor, so full-document writes are checked against these lists.
 */

/**
 * What validation needs to know of a node type beyond its name: `inline`, it lives inside text
 * blocks, never directly in a container of blocks; `textBlock`, its children are inline content
 * (text and inline atoms); `leaf`, an atom that never has children; `nonEmpty`, a container the
 * editor cannot represent empty (its content expression needs one child).
 */
type NodeTrait = 'inline' | 'textBlock' | 'leaf' | 'nonEmpty';

/** Every node type, in the editor's order, with its traits. */
const NODE_TRAITS = {
  doc: [],
  paragraph: ['textBlock'],
  heading: ['textBlock'],
  text: ['inline', 'leaf'],
  hardBreak: ['inline', 'leaf'],
  blockquote: ['nonEmpty'],
  bulletList: ['nonEmpty'],
  orderedList: ['nonEmpty'],
  listItem: ['nonEmpty'],
  taskList: ['nonEmpty'],
  taskItem: ['nonEmpty'],
  codeBlock: ['textBlock'],
  horizontalRule: ['leaf'],
  pageBreak: ['leaf'],
  image: ['leaf'],
  video: ['leaf'],
  audio: ['leaf'],
  pdf: ['leaf'],
  attachment: ['leaf'],
  table: ['nonEmpty'],
  tableRow: ['nonEmpty'],
  tableHeader: ['nonEmpty'],
  tableCell: ['nonEmpty'],
  callout: [],
  details: [],
  detailsSummary: ['textBlock'],
  detailsContent: [],
  columns: ['nonEmpty'],
  column: ['nonEmpty'],
  mathInline: ['inline', 'leaf'],
  mathBlock: ['leaf'],
  mention: ['inline', 'leaf'],
  status: ['inline', 'leaf'],
  drawio: ['leaf'],
  excalidraw: ['leaf'],
  embed: ['leaf'],
  htmlEmbed: ['leaf'],
  youtube: ['leaf'],
  subpages: ['leaf'],
  pageEmbed: ['leaf'],
  transclusionSource: [],
  transclusionReference: ['leaf'],
  footnoteReference: ['inline', 'leaf'],
  footnotesList: [],
  footnoteDefinition: [],
} as const satisfies Readonly<Record<string, readonly NodeTrait[]>>;

export type DocmostNodeType = keyof typeof NODE_TRAITS;

export const DOCMOST_NODE_TYPES = Object.keys(
  NODE_TRAITS,
) as readonly DocmostNodeType[];

function typesWith(trait: NodeTrait): ReadonlySet<string> {
  return new Set(
    DOCMOST_NODE_TYPES.filter((type) =>
      (NODE_TRAITS[type] as readonly NodeTrait[]).includes(trait),
    ),
  );
}

export const INLINE_NODE_TYPES = typesWith('inline');
export const TEXT_BLOCK_TYPES = typesWith('textBlock');
export const LEAF_NODE_TYPES = typesWith('leaf');
export const NON_EMPTY_TYPES = typesWith('nonEmpty');

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

export type DocmostMarkType = (typeof DOCMOST_MARK_TYPES)[number];

export const NODE_TYPE_SET: ReadonlySet<string> = new Set(DOCMOST_NODE_TYPES);
export const MARK_TYPE_SET: ReadonlySet<string> = new Set(DOCMOST_MARK_TYPES);

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

/** List items start with a paragraph (`paragraph block*`). */
export const FIRST_CHILD_TYPE: Readonly<Record<string, string>> = {
  listItem: 'paragraph',
  taskItem: 'paragraph',
};

export function isInlineType(type: string): boolean {
  return INLINE_NODE_TYPES.has(type);
}
