import { blockIdNames } from './block-id-abbreviation';
import { extractText } from './extract-text';
import { listTopLevelBlocks } from './find-block';
import type { ProseMirrorNode } from './prosemirror-node';

/** One line of a page outline: a top-level block, addressable as `#<index>` or by `id`. */
export interface OutlineEntry {
  readonly index: number;
  readonly type: string;
  /** `attrs.id` as getPage shows it (shortened); null for blocks without one (tables, lists, images). */
  readonly id: string | null;
  /** Heading level; null for other blocks. */
  readonly level: number | null;
  /** The block's first line of text (an image's alt text), cut to 80 characters. */
  readonly firstText: string;
  /** Tables: row count and the widest row's column count (colspans counted). */
  readonly rows?: number;
  readonly cols?: number;
  /** Lists: number of top-level items. */
  readonly items?: number;
}

const LIST_TYPES: ReadonlySet<string> = new Set([
  'bulletList',
  'orderedList',
  'taskList',
]);
const FIRST_TEXT_CHARS = 80;

/** Cuts text to `limit` characters, marking the cut with `…`. */
export function truncateText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

function columnCount(row: ProseMirrorNode): number {
  return (row.content ?? []).reduce(
    (sum, cell) =>
      sum + (typeof cell.attrs?.colspan === 'number' ? cell.attrs.colspan : 1),
    0,
  );
}

/** Row and column counts of a table node. */
export function tableSize(table: ProseMirrorNode): {
  readonly rows: number;
  readonly cols: number;
} {
  const rows = table.content ?? [];
  return {
    rows: rows.length,
    cols: rows.reduce((widest, row) => Math.max(widest, columnCount(row)), 0),
  };
}

function firstText(node: ProseMirrorNode): string {
  const text = extractText(node).split('\n', 1)[0] ?? '';
  const fallback = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  return truncateText(text || fallback, FIRST_TEXT_CHARS);
}

/** The outline entry of one top-level block. */
function describeBlock(
  node: ProseMirrorNode,
  index: number,
  nameId: (id: string) => string,
): OutlineEntry {
  const id = typeof node.attrs?.id === 'string' ? nameId(node.attrs.id) : null;
  const level =
    node.type === 'heading' && typeof node.attrs?.level === 'number'
      ? node.attrs.level
      : null;
  const entry: OutlineEntry = {
    index,
    type: node.type,
    id,
    level,
    firstText: firstText(node),
  };
  if (node.type === 'table') return { ...entry, ...tableSize(node) };
  if (LIST_TYPES.has(node.type))
    return { ...entry, items: node.content?.length ?? 0 };
  return entry;
}

/** One entry per top-level block, in order, block ids shortened as getPage shows them. */
export function buildOutline(doc: ProseMirrorNode): readonly OutlineEntry[] {
  const nameId = blockIdNames(doc);
  return listTopLevelBlocks(doc).map(({ node, topLevelIndex }) =>
    describeBlock(node, topLevelIndex, nameId),
  );
}
