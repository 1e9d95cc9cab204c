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

/**
 * Returns a copy in which every heading and paragraph has a unique block id: missing ids are
 * generated, and a duplicated id (a block copied from elsewhere) is replaced on its second use.
 */
export function ensureBlockIds(
  node: ProseMirrorNode,
  seen: Set<string> = new Set(),
): ProseMirrorNode {
  let attrs = node.attrs;
  if (BLOCK_ID_NODE_TYPES.has(node.type)) {
    const current = attrs?.id;
    if (!isBlockId(current) || seen.has(current)) {
      let id = generateBlockId();
      while (seen.has(id)) id = generateBlockId();
      attrs = { ...attrs, id };
    }
    seen.add(attrs!.id as string);
  }
  const content = node.content?.map((child) => ensureBlockIds(child, seen));
  return {
    ...node,
    ...(attrs ? { attrs } : {}),
    ...(content ? { content } : {}),
  };
}
