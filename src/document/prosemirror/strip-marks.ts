import { normalizeInline } from './inline-text';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * A copy of `node` without any mark of type `markType` (e.g. the comment anchors of a document
 * copied to another page, whose threads stay with the source). Text that falls together again is
 * merged as ProseMirror would. Returns how many marks were removed.
 */
export function stripMarks(
  node: ProseMirrorNode,
  markType: string,
): { readonly node: ProseMirrorNode; readonly removed: number } {
  let removed = 0;
  const strip = (current: ProseMirrorNode): ProseMirrorNode => {
    let next = current;
    if (current.marks?.some((mark) => mark.type === markType)) {
      const marks = current.marks.filter((mark) => mark.type !== markType);
      removed += current.marks.length - marks.length;
      const { marks: _dropped, ...rest } = current;
      next = marks.length > 0 ? { ...rest, marks } : rest;
    }
    if (current.content === undefined) return next;
    const content = current.content.map(strip);
    return {
      ...next,
      content: content.some((child) => child.type === 'text')
        ? normalizeInline(content)
        : content,
    };
  };
  const result = strip(node);
  return { node: removed === 0 ? node : result, removed };
}
