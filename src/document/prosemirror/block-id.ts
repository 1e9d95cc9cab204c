import { randomInt } from 'node:crypto';
import type { ProseMirrorNode } from './prosemirror-node';

/** Node types whose `attrs.id` Docmost's editor maintains (12 lowercase letters). */
export const BLOCK_ID_NODE_TYPES: ReadonlySet<string> = new Set([
  'heading',
  'paragraph',
]);

const BLOCK_ID_PATTERN = /^[a-z]{12}$/;

export function isBlockId(value: unknown): value is string {
  return typeof value === 'string' && BLOCK_ID_PATTERN.test(value);
}

export function generateBlockId(): string {
  let id = '';
  for (let i = 0; i < 12; i++) id += String.fromCharCode(97 + randomInt(26));
  return id;
}

/** A block id a document lacks: where (child indexes from the root) and the id it gets. */
export interface BlockIdAssignment {
  readonly path: readonly number[];
  readonly id: string;
}

/**
 * The ids `ensureBlockIds` gives, without copying anything: a caller that needs to know whether
 * (and how many) ids were given applies them itself with `withBlockIds`.
 */
export function blockIdAssignments(root: ProseMirrorNode): BlockIdAssignment[] {
  const seen = new Set<string>();
  const assignments: BlockIdAssignment[] = [];
  const visit = (node: ProseMirrorNode, path: number[]): void => {
    if (BLOCK_ID_NODE_TYPES.has(node.type)) {
      const given = node.attrs?.id;
      let id = isBlockId(given) && !seen.has(given) ? given : undefined;
      if (id === undefined) {
        do id = generateBlockId();
        while (seen.has(id));
        assignments.push({ path: [...path], id });
      }
      seen.add(id);
    }
    node.content?.forEach((child, index) => {
      path.push(index);
      visit(child, path);
      path.pop();
    });
  };
  visit(root, []);
  return assignments;
}

/** A copy of `root` with `assignments` applied; subtrees without one are shared, not copied. */
export function withBlockIds(
  root: ProseMirrorNode,
  assignments: readonly BlockIdAssignment[],
): ProseMirrorNode {
  let result = root;
  // Copies made here, so a node on two assignments' paths is copied once.
  const copies = new Set<ProseMirrorNode>();
  const copyOf = (node: ProseMirrorNode): ProseMirrorNode => {
    if (copies.has(node)) return node;
    const copy = {
      ...node,
      ...(node.content ? { content: [...node.content] } : {}),
    };
    copies.add(copy);
    return copy;
  };
  for (const { path, id } of assignments) {
    result = copyOf(result);
    let node = result;
    for (const index of path) {
      const content = node.content as ProseMirrorNode[];
      const child = copyOf(content[index]!);
      content[index] = child;
      node = child;
    }
    (node as { attrs?: Record<string, unknown> }).attrs = { ...node.attrs, id };
  }
  return result;
}

/**
 * Returns a copy in which every heading and paragraph has a unique block id: missing ids are
 * generated, and a duplicated id (a block copied from elsewhere) is replaced on its second use.
 */
export function ensureBlockIds(node: ProseMirrorNode): ProseMirrorNode {
  return withBlockIds(node, blockIdAssignments(node));
}
