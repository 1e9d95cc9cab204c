/**
 * The attributes each node and mark type of Docmost's editor declares: its TipTap extensions'
 * `addAttributes`, plus what global extensions add (block ids, text alignment and indentation on
 * paragraphs and headings only). Checked attribute by attribute against the gitmost fork's
 * write-path schema (`tiptapExtensions` in apps/server/src/collaboration/collaboration.util.ts,
 * pinned by its schema-attr-parity and schema-surface-snapshot specs) and upstream Docmost's
 * `packages/editor-ext`. ProseMirror drops an attribute its schema does not declare, so one
 * listed here that Docmost lacks is junk stored until the next editor save, and one missing
 * makes a real page impossible to write back whole. An attribute the editor never reads is
 * also a place to smuggle markup (`onclick`, `style`) past review, so writes refuse any
 * attribute not listed here.
 */

import type { DocmostMarkType, DocmostNodeType } from './node-schema';

/** Attributes the editor reads as a URL the browser may follow or load; see `url-policy.ts`. */
export const URL_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'url',
]);

/**
 * Paragraphs and headings: the block id (UniqueID), TextAlign and Indent extensions are
 * configured for these two types only.
 */
const TEXT_BLOCK = ['id', 'textAlign', 'indent'] as const;
const TABLE_CELL = [
  'colspan',
  'rowspan',
  'colwidth',
  'backgroundColor',
  'backgroundColorName',
  'align',
] as const;
const DIAGRAM = [
  'src',
  'title',
  'alt',
  'width',
  'height',
  'size',
  'aspectRatio',
  'align',
  'attachmentId',
] as const;

export const NODE_ATTRIBUTES: Readonly<
  Record<DocmostNodeType, readonly string[]>
> = {
  doc: [],
  text: [],
  hardBreak: [],
  paragraph: TEXT_BLOCK,
  heading: [...TEXT_BLOCK, 'level'],
  blockquote: [],
  bulletList: [],
  orderedList: ['start', 'type'],
  listItem: [],
  taskList: [],
  taskItem: ['checked'],
  codeBlock: ['language'],
  horizontalRule: [],
  pageBreak: [],
  image: [
    'src',
    'width',
    'height',
    'align',
    'alt',
    'caption',
    'attachmentId',
    'size',
    'aspectRatio',
    'placeholder',
    // Not Docmost's (its image replaces the stock extension's attributes and drops `title`):
    // the Markdown image syntax carries one (`![alt](src "title")`) and the converter keeps it
    // so a Markdown round trip is whole. Docmost's schema drops it when the page is next saved.
    'title',
  ],
  video: [
    'src',
    'alt',
    'attachmentId',
    'width',
    'height',
    'size',
    'align',
    'aspectRatio',
    'placeholder',
  ],
  audio: ['src', 'attachmentId', 'size', 'placeholder'],
  pdf: [
    'src',
    'name',
    'attachmentId',
    'size',
    'width',
    'height',
    'placeholder',
  ],
  attachment: ['url', 'name', 'mime', 'size', 'attachmentId', 'placeholder'],
  table: [],
  tableRow: [],
  tableHeader: TABLE_CELL,
  tableCell: TABLE_CELL,
  callout: ['type', 'icon'],
  details: ['open'],
  detailsSummary: [],
  detailsContent: [],
  columns: ['layout', 'widthMode'],
  column: ['width'],
  mathInline: ['text'],
  mathBlock: ['text'],
  mention: [
    'id',
    'label',
    'entityType',
    'entityId',
    'slugId',
    'creatorId',
    'anchorId',
  ],
  status: ['text', 'color'],
  drawio: DIAGRAM,
  excalidraw: DIAGRAM,
  embed: ['src', 'provider', 'align', 'width', 'height'],
  // The gitmost fork's own type (not in upstream Docmost). Its HTML (the `source` attribute)
  // is never declared: raw HTML written by an agent acting on injected instructions is script
  // in the reader's session. Block tools leave an existing embed untouched.
  htmlEmbed: ['height'],
  // The stock TipTap YouTube extension.
  youtube: ['src', 'start', 'width', 'height'],
  subpages: ['recursive'],
  transclusionSource: ['id'],
  transclusionReference: ['sourcePageId', 'transclusionId'],
  // The gitmost fork's own types, not in upstream Docmost (whose footnotes, where present, are
  // a different model: `footnote`/`footnotes` nodes keyed by `data-id`): checked against the
  // fork's editor-ext sources only.
  pageEmbed: ['sourcePageId'],
  footnoteReference: ['id'],
  footnotesList: [],
  footnoteDefinition: ['id'],
};

export const MARK_ATTRIBUTES: Readonly<
  Record<DocmostMarkType, readonly string[]>
> = {
  bold: [],
  italic: [],
  strike: [],
  underline: [],
  code: [],
  superscript: [],
  subscript: [],
  spoiler: [],
  link: ['href', 'target', 'rel', 'class', 'title', 'internal'],
  highlight: ['color', 'colorName'],
  // TipTap's TextStyle carries what the Color extension adds; Docmost registers no font or
  // background extension on it.
  textStyle: ['color'],
  comment: ['commentId', 'resolved'],
};
