/**
 * The attributes each node and mark type of Docmost's editor declares (its TipTap extensions'
 * `addAttributes`, plus what global extensions add: block ids, text alignment, indentation).
 * ProseMirror drops or refuses an attribute its schema does not declare, and one the editor
 * never reads is a place to smuggle markup (`onclick`, `style`) past review, so writes refuse
 * any attribute not listed here. The lists are generous where Docmost versions differ (an
 * attribute a later release added is accepted), never where a value would reach the page as
 * markup.
 */

import type { DocmostMarkType, DocmostNodeType } from './node-schema';

/** Attributes the editor reads as a URL the browser may follow or load; see `url-policy.ts`. */
export const URL_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'url',
]);

/** Every block may carry the editor's block id (headings and paragraphs always do). */
const BLOCK_ID = ['id'] as const;
/** Text blocks also take the alignment and indentation extensions' attributes. */
const TEXT_BLOCK = [...BLOCK_ID, 'textAlign', 'indent', 'dir'] as const;
/** Uploaded files: the attachment row, its size and how the node shows it. */
const UPLOADED_FILE = [
  ...BLOCK_ID,
  'src',
  'title',
  'alt',
  'attachmentId',
  'size',
  'width',
  'height',
  'align',
  'aspectRatio',
  'placeholder',
] as const;
const TABLE_CELL = [
  ...BLOCK_ID,
  'colspan',
  'rowspan',
  'colwidth',
  'backgroundColor',
  'backgroundColorName',
  'align',
  'verticalAlign',
] as const;
const DIAGRAM = [
  ...BLOCK_ID,
  'src',
  'title',
  'attachmentId',
  'size',
  'width',
  'height',
  'align',
] as const;

export const NODE_ATTRIBUTES: Readonly<
  Record<DocmostNodeType, readonly string[]>
> = {
  doc: [],
  text: [],
  hardBreak: [],
  paragraph: TEXT_BLOCK,
  heading: [...TEXT_BLOCK, 'level'],
  blockquote: BLOCK_ID,
  bulletList: BLOCK_ID,
  orderedList: [...BLOCK_ID, 'start', 'type'],
  listItem: BLOCK_ID,
  taskList: BLOCK_ID,
  taskItem: [...BLOCK_ID, 'checked'],
  codeBlock: [...BLOCK_ID, 'language'],
  horizontalRule: BLOCK_ID,
  pageBreak: BLOCK_ID,
  image: [...UPLOADED_FILE, 'caption'],
  video: UPLOADED_FILE,
  audio: UPLOADED_FILE,
  pdf: [...UPLOADED_FILE, 'name'],
  attachment: [
    ...BLOCK_ID,
    'url',
    'name',
    'mime',
    'size',
    'attachmentId',
    'placeholder',
  ],
  table: [...BLOCK_ID, 'width', 'layout'],
  tableRow: BLOCK_ID,
  tableHeader: TABLE_CELL,
  tableCell: TABLE_CELL,
  callout: [...BLOCK_ID, 'type', 'icon', 'iconColor'],
  details: [...BLOCK_ID, 'open'],
  detailsSummary: BLOCK_ID,
  detailsContent: BLOCK_ID,
  columns: [...BLOCK_ID, 'layout', 'widths', 'count'],
  column: [...BLOCK_ID, 'width', 'position'],
  mathInline: ['text'],
  mathBlock: [...BLOCK_ID, 'text'],
  mention: [
    'id',
    'label',
    'entityType',
    'entityId',
    'slugId',
    'creatorId',
    'anchorId',
  ],
  status: ['id', 'text', 'color'],
  drawio: DIAGRAM,
  excalidraw: DIAGRAM,
  embed: [...BLOCK_ID, 'src', 'provider', 'align', 'width', 'height'],
  // Its HTML (whatever the attribute's name) is never declared: raw HTML written by an agent
  // acting on injected instructions is script in the reader's session. Block tools leave an
  // existing embed untouched.
  htmlEmbed: [...BLOCK_ID, 'height', 'width', 'align'],
  youtube: [...BLOCK_ID, 'src', 'start', 'width', 'height', 'align'],
  subpages: BLOCK_ID,
  pageEmbed: [...BLOCK_ID, 'pageId', 'slugId', 'title'],
  transclusionSource: [...BLOCK_ID, 'sourceId'],
  transclusionReference: [...BLOCK_ID, 'sourceId', 'pageId', 'sourcePageId'],
  footnoteReference: ['id', 'footnoteId', 'label', 'number'],
  footnotesList: BLOCK_ID,
  footnoteDefinition: [...BLOCK_ID, 'footnoteId', 'number'],
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
  textStyle: [
    'color',
    'colorName',
    'backgroundColor',
    'fontFamily',
    'fontSize',
  ],
  comment: ['commentId', 'resolved'],
};
