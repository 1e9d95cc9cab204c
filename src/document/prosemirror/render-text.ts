import { blockIdNames } from './block-id-abbreviation';
import { extractText } from './extract-text';
import { isTextBlock } from './find-block';
import { tableSize, truncateText } from './outline';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * A page as plain text for the model: one line per text block, prefixed with its block id
 * (shortened, see block-id-abbreviation.ts), top-level blocks numbered `#<index>` as in
 * getOutline. Marks (bold, links, comments) are not
 * rendered: the text is exactly what editPageText and createComment match against, so nothing
 * the model copies from here carries Markdown that the page does not contain.
 *
 *   #0 [xzowg] (heading 1) Product handbook
 *   #1 [myjcr] Welcome to the handbook.
 *   #2 (bulletList)
 *      - [aaaaa] first item
 *   #3 (table 3×2)
 *      | [bbbbb] Plan | [ccccc] Price |
 */

const LIST_TYPES: ReadonlySet<string> = new Set([
  'bulletList',
  'orderedList',
  'taskList',
]);
const NESTED_INDENT = '  ';
const TOP_LEVEL_CONTINUATION = '   ';

/** How a view names a block id (see `blockIdNames`). */
type NameBlockId = (id: string) => string;

function idPrefix(node: ProseMirrorNode, nameId: NameBlockId): string {
  return typeof node.attrs?.id === 'string'
    ? `[${nameId(node.attrs.id)}] `
    : '';
}

function label(node: ProseMirrorNode): string {
  switch (node.type) {
    case 'paragraph':
      return '';
    case 'heading':
      return `(heading ${String(node.attrs?.level ?? '')}) `;
    case 'codeBlock':
      return typeof node.attrs?.language === 'string' && node.attrs.language
        ? `(code ${node.attrs.language}) `
        : '(code) ';
    default:
      return `(${node.type}) `;
  }
}

function renderTextBlock(node: ProseMirrorNode, nameId: NameBlockId): string[] {
  const [first = '', ...rest] = extractText(node).split('\n');
  const head = `${idPrefix(node, nameId)}${label(node)}${first}`.trimEnd();
  return [
    head === '' ? '(empty paragraph)' : head,
    ...rest.map((line) => `${NESTED_INDENT}${line}`),
  ];
}

function renderLeaf(node: ProseMirrorNode): string {
  const details = ['alt', 'src', 'title', 'url', 'name']
    .filter(
      (key) => typeof node.attrs?.[key] === 'string' && node.attrs[key] !== '',
    )
    .map((key) => `${key}="${truncateText(String(node.attrs![key]), 120)}"`);
  return `(${[node.type, ...details].join(' ')})`;
}

function renderCell(cell: ProseMirrorNode, nameId: NameBlockId): string {
  return (cell.content ?? [])
    .flatMap((block) => renderNode(block, nameId).map((line) => line.trim()))
    .join(' / ');
}

function renderTable(node: ProseMirrorNode, nameId: NameBlockId): string[] {
  const { rows, cols } = tableSize(node);
  const lines = (node.content ?? []).map(
    (row) =>
      `| ${(row.content ?? []).map((cell) => renderCell(cell, nameId)).join(' | ')} |`,
  );
  return [
    `(table ${rows}×${cols})`,
    ...lines.map((line) => `${NESTED_INDENT}${line}`),
  ];
}

function listMarker(
  list: ProseMirrorNode,
  item: ProseMirrorNode,
  index: number,
): string {
  if (list.type === 'orderedList')
    return `${(typeof list.attrs?.start === 'number' ? list.attrs.start : 1) + index}. `;
  if (list.type === 'taskList')
    return item.attrs?.checked === true ? '[x] ' : '[ ] ';
  return '- ';
}

function renderList(node: ProseMirrorNode, nameId: NameBlockId): string[] {
  const lines = [`(${node.type})`];
  (node.content ?? []).forEach((item, index) => {
    const marker = listMarker(node, item, index);
    const itemLines = (item.content ?? []).flatMap((child) =>
      renderNode(child, nameId),
    );
    itemLines.forEach((line, position) => {
      lines.push(
        `${NESTED_INDENT}${position === 0 ? marker : ' '.repeat(marker.length)}${line}`,
      );
    });
  });
  return lines;
}

/** The lines of one block (any depth), without the `#<index>` prefix. */
function renderNode(node: ProseMirrorNode, nameId: NameBlockId): string[] {
  if (isTextBlock(node)) return renderTextBlock(node, nameId);
  if (node.type === 'table') return renderTable(node, nameId);
  if (LIST_TYPES.has(node.type)) return renderList(node, nameId);
  const children = node.content ?? [];
  if (children.length === 0) return [renderLeaf(node)];
  return [
    `${idPrefix(node, nameId)}(${node.type})`,
    ...children
      .flatMap((child) => renderNode(child, nameId))
      .map((line) => `${NESTED_INDENT}${line}`),
  ];
}

export interface RenderDocumentOptions {
  /** First top-level block to render. Default 0. */
  readonly fromBlock?: number;
  /** Most characters of text to return; stops at a block boundary. Default 20000. */
  readonly maxChars?: number;
}

export interface RenderedDocument {
  readonly text: string;
  readonly totalBlocks: number;
  /** Top-level indexes rendered, `[first, last]` inclusive; null when none was. */
  readonly blockRange: readonly [number, number] | null;
  /** Set when blocks after `blockRange` (or the end of the last one) were left out. */
  readonly truncated: boolean;
  /** Set when the one block shown was longer than the limit and was cut. */
  readonly lastBlockCut: boolean;
}

/** Renders top-level blocks from `fromBlock` until `maxChars` would be passed. */
export function renderDocumentText(
  doc: ProseMirrorNode,
  options: RenderDocumentOptions = {},
): RenderedDocument {
  const { fromBlock = 0, maxChars = 20000 } = options;
  const blocks = doc.content ?? [];
  // Named against the whole document, so a page read in parts shows each id the same way.
  const nameId = blockIdNames(doc);
  const parts: string[] = [];
  let length = 0;
  let last = -1;
  let truncated = false;
  let lastBlockCut = false;
  for (let index = fromBlock; index < blocks.length; index++) {
    const [first = '', ...rest] = renderNode(blocks[index]!, nameId);
    const text = [
      `#${index} ${first}`,
      ...rest.map((line) => `${TOP_LEVEL_CONTINUATION}${line}`),
    ].join('\n');
    const added = text.length + (parts.length > 0 ? 1 : 0);
    if (length + added > maxChars) {
      truncated = true;
      // A single block larger than the limit is cut rather than never shown.
      if (parts.length === 0) {
        parts.push(truncateText(text, maxChars));
        last = index;
        lastBlockCut = true;
      }
      break;
    }
    parts.push(text);
    length += added;
    last = index;
  }
  return {
    text: parts.join('\n'),
    totalBlocks: blocks.length,
    blockRange: last >= fromBlock ? [fromBlock, last] : null,
    truncated,
    lastBlockCut,
  };
}
