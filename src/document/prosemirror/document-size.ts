import type { ProseMirrorNode } from './prosemirror-node';

/** Characters counted for a node's own JSON besides its text: type, attrs, brackets. */
const NODE_OVERHEAD_CHARS = 40;

/**
 * About how many characters the document has as JSON (its text plus a fixed overhead per
 * node), counting no further than `upTo`: enough to decide whether work on it belongs in a
 * worker without paying for a walk of a multi-megabyte page first. A document given as its JSON
 * text (a large page, read as text) is as long as that text.
 */
export function documentSize(
  doc: ProseMirrorNode | string,
  upTo: number = Number.POSITIVE_INFINITY,
): number {
  if (typeof doc === 'string') return doc.length;
  let size = 0;
  const stack: ProseMirrorNode[] = [doc];
  while (stack.length > 0 && size < upTo) {
    const node = stack.pop()!;
    size +=
      NODE_OVERHEAD_CHARS +
      (typeof node.text === 'string' ? node.text.length : 0);
    // An attribute can be large too (an image src holding a data URL).
    for (const value of Object.values(node.attrs ?? {}))
      if (typeof value === 'string') size += value.length;
    const content = node.content;
    if (Array.isArray(content)) for (const child of content) stack.push(child);
  }
  return size;
}
