import { generateBlockId, BLOCK_ID_NODE_TYPES, isBlockId } from './block-id';
import { lookUpBlockId } from './block-id-abbreviation';
import {
  isInlineNode,
  nodeAtPath,
  walkNodes,
  type NodePath,
} from './find-block';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * Structural edits by block id: the splicing behind patchNode, insertNode and deleteNode, and
 * the id bookkeeping that keeps every block id unique on a page.
 */

export interface LocatedBlock {
  readonly node: ProseMirrorNode;
  readonly path: NodePath;
  /** The node that holds it (the root for a top-level block). */
  readonly parent: ProseMirrorNode;
}

function blockIdOf(node: ProseMirrorNode): string | undefined {
  const id = node.attrs?.id;
  return typeof id === 'string' && id !== '' && !isInlineNode(node)
    ? id
    : undefined;
}

/**
 * The first block whose `attrs.id` is `id`, at any depth, or else is the one block id `id`
 * starts (a shortened id, as the text views show them; see `lookUpBlockId`). Unlike a plain id
 * lookup it skips inline nodes: a mention's `attrs.id` names the mention, and replacing it with
 * a block would break its paragraph.
 */
export function locateBlock(
  root: ProseMirrorNode,
  id: string,
): LocatedBlock | undefined {
  return lookUpBlockId(root, id, (candidate) =>
    firstBlockWithId(root, candidate),
  );
}

function firstBlockWithId(
  root: ProseMirrorNode,
  id: string,
): LocatedBlock | undefined {
  for (const located of walkNodes(root)) {
    if (blockIdOf(located.node) === id) {
      return {
        node: located.node,
        path: located.path,
        parent: nodeAtPath(root, located.path.slice(0, -1))!,
      };
    }
  }
  return undefined;
}

/** Every block id in the tree, the root's included (inline nodes excluded), in document order. */
export function collectBlockIds(root: ProseMirrorNode): string[] {
  const ids: string[] = [];
  const rootId = blockIdOf(root);
  if (rootId !== undefined) ids.push(rootId);
  for (const { node } of walkNodes(root)) {
    const id = blockIdOf(node);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * Returns a copy of `root` in which the node at `path` is replaced by `replacement` (zero nodes
 * deletes it, several insert them in its place). Untouched subtrees are shared, not copied.
 */
export function spliceAtPath(
  root: ProseMirrorNode,
  path: NodePath,
  replacement: readonly ProseMirrorNode[],
): ProseMirrorNode {
  if (path.length === 0) throw new RangeError('cannot splice the root node');
  const [index, ...rest] = path as [number, ...number[]];
  const children = root.content ?? [];
  if (index < 0 || index > children.length)
    throw new RangeError(`no child ${index}`);
  const next =
    rest.length === 0
      ? [
          ...children.slice(0, index),
          ...replacement,
          ...children.slice(index + 1),
        ]
      : [
          ...children.slice(0, index),
          spliceAtPath(children[index] as ProseMirrorNode, rest, replacement),
          ...children.slice(index + 1),
        ];
  return { ...root, content: next };
}

/** Inserts `nodes` so that the first of them sits at `path` (path may point one past the end). */
export function insertAtPath(
  root: ProseMirrorNode,
  path: NodePath,
  nodes: readonly ProseMirrorNode[],
): ProseMirrorNode {
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1] as number;
  const parent = nodeAtPath(root, parentPath);
  if (parent === undefined) throw new RangeError('no parent at path');
  const children = parent.content ?? [];
  const updated: ProseMirrorNode = {
    ...parent,
    content: [...children.slice(0, index), ...nodes, ...children.slice(index)],
  };
  return parentPath.length === 0
    ? updated
    : spliceAtPath(root, parentPath, [updated]);
}

/**
 * Gives new content fresh block ids where it needs them: a heading or paragraph without a
 * valid id gets one, and an id already used elsewhere in the page (`takenIds`) is replaced, so
 * a block pasted twice or copied from another block never duplicates an anchor. `takenIds`
 * grows with every id assigned.
 */
export function assignBlockIds(
  node: ProseMirrorNode,
  takenIds: Set<string>,
): ProseMirrorNode {
  let attrs = node.attrs;
  if (BLOCK_ID_NODE_TYPES.has(node.type)) {
    const current = attrs?.id;
    if (!isBlockId(current) || takenIds.has(current)) {
      let id = generateBlockId();
      while (takenIds.has(id)) id = generateBlockId();
      attrs = { ...attrs, id };
    }
    takenIds.add(attrs!.id as string);
  }
  const content = node.content?.map((child) => assignBlockIds(child, takenIds));
  return {
    ...node,
    ...(attrs ? { attrs } : {}),
    ...(content ? { content } : {}),
  };
}
