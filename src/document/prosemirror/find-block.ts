import { isBlockIdStart, lookUpBlockId } from './block-id-abbreviation';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * Locating blocks in a document. Two ways to address a block, both shown to the model by
 * getOutline and getPage:
 * - `attrs.id` (12 lowercase letters, or a start of at least five that only it has, as the
 *   text views show ids): headings and paragraphs at any depth, including the paragraphs
 *   inside list items and table cells;
 * - `#<index>`: a top-level block by its position, for blocks that carry no id (tables,
 *   lists, images, rules).
 */

/** Child indexes from the document root to a node: `[2, 0, 1]` is doc.content[2].content[0].content[1]. */
export type NodePath = readonly number[];

export interface LocatedNode {
  readonly node: ProseMirrorNode;
  readonly path: NodePath;
  /** Index of the top-level block that is or contains the node. */
  readonly topLevelIndex: number;
}

export type BlockReference =
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'id'; readonly id: string };

/** Inline nodes that are not text: they occupy one position and cannot be edited as text. */
export const INLINE_ATOM_TYPES: ReadonlySet<string> = new Set([
  'hardBreak',
  'mention',
  'emoji',
  'mathInline',
  'inlineImage',
]);

/** Blocks whose content is inline even when they are empty. */
const TEXT_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'codeBlock',
]);

export function isInlineNode(node: ProseMirrorNode): boolean {
  return node.type === 'text' || INLINE_ATOM_TYPES.has(node.type);
}

/** A block holding inline content (text and inline atoms): what a text edit or a comment anchor touches. */
export function isTextBlock(node: ProseMirrorNode): boolean {
  if (TEXT_BLOCK_TYPES.has(node.type)) return true;
  const content = node.content ?? [];
  return content.length > 0 && content.every(isInlineNode);
}

/** The document's top-level blocks with their positions. */
export function listTopLevelBlocks(
  doc: ProseMirrorNode,
): readonly LocatedNode[] {
  return (doc.content ?? []).map((node, index) => ({
    node,
    path: [index],
    topLevelIndex: index,
  }));
}

/** Every node below the root in document order (depth-first, parents before children). */
export function* walkNodes(doc: ProseMirrorNode): Generator<LocatedNode> {
  const stack: LocatedNode[] = listTopLevelBlocks(doc).slice().reverse();
  while (stack.length > 0) {
    const located = stack.pop()!;
    yield located;
    const children = located.node.content ?? [];
    for (let index = children.length - 1; index >= 0; index--) {
      stack.push({
        node: children[index]!,
        path: [...located.path, index],
        topLevelIndex: located.topLevelIndex,
      });
    }
  }
}

/** Every text block in document order, at any depth (list items, table cells, quotes…). */
export function listTextBlocks(doc: ProseMirrorNode): readonly LocatedNode[] {
  const blocks: LocatedNode[] = [];
  for (const located of walkNodes(doc)) {
    if (located.node.type !== 'text' && isTextBlock(located.node))
      blocks.push(located);
  }
  return blocks;
}

/**
 * The first node at any depth whose `attrs.id` is `id`, or else is the one block id `id` starts
 * (a shortened id; see `lookUpBlockId`).
 */
export function findBlockById(
  doc: ProseMirrorNode,
  id: string,
): LocatedNode | undefined {
  return lookUpBlockId(doc, id, (candidate) => firstNodeWithId(doc, candidate));
}

function firstNodeWithId(
  doc: ProseMirrorNode,
  id: string,
): LocatedNode | undefined {
  for (const located of walkNodes(doc)) {
    if (located.node.attrs?.id === id) return located;
  }
  return undefined;
}

/** Parses `#3` (top-level index) or a block id (or its start); undefined for anything else. */
export function parseBlockReference(
  reference: string,
): BlockReference | undefined {
  const trimmed = reference.trim();
  const indexMatch = /^#(\d{1,6})$/.exec(trimmed);
  if (indexMatch) return { kind: 'index', index: Number(indexMatch[1]) };
  return isBlockIdStart(trimmed) ? { kind: 'id', id: trimmed } : undefined;
}

/** Resolves `#<index>` or a block id to a node; undefined when malformed or absent. */
export function resolveBlockReference(
  doc: ProseMirrorNode,
  reference: string,
): LocatedNode | undefined {
  const parsed = parseBlockReference(reference);
  if (!parsed) return undefined;
  if (parsed.kind === 'id') return findBlockById(doc, parsed.id);
  return listTopLevelBlocks(doc)[parsed.index];
}

export function nodeAtPath(
  doc: ProseMirrorNode,
  path: NodePath,
): ProseMirrorNode | undefined {
  let node: ProseMirrorNode | undefined = doc;
  for (const index of path) node = node?.content?.[index];
  return node;
}

/** A copy of `doc` with the node at `path` replaced; the rest of the tree is shared, not copied. */
export function replaceNodeAtPath(
  doc: ProseMirrorNode,
  path: NodePath,
  replacement: ProseMirrorNode,
): ProseMirrorNode {
  if (path.length === 0) return replacement;
  const [index, ...rest] = path as [number, ...number[]];
  const children = doc.content ?? [];
  const child = children[index];
  if (!child) throw new RangeError(`no node at path [${path.join(', ')}]`);
  const content = children.slice();
  content[index] = replaceNodeAtPath(child, rest, replacement);
  return { ...doc, content };
}
