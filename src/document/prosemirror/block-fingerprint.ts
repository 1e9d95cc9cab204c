import { createHash } from 'node:crypto';
import type { ProseMirrorMark, ProseMirrorNode } from './prosemirror-node';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined || entry === null) continue;
    const canonicalEntry =
      key === 'marks' && Array.isArray(entry)
        ? [...(entry as ProseMirrorMark[])]
            .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0))
            .map(canonical)
        : canonical(entry);
    // `attrs: {}` and no attrs are the same node (or mark) once in Yjs.
    if (key === 'attrs' && Object.keys(canonicalEntry as object).length === 0)
      continue;
    sorted[key] = canonicalEntry;
  }
  return sorted;
}

/**
 * A fingerprint of a block's content, equal for equal content whatever the key order, mark
 * order, or null attributes: how a block read earlier is recognised as unchanged. Text runs are
 * merged first, so `[a][b]` and `[ab]` with the same marks are the same block, as in Yjs.
 */
export function blockFingerprint(node: ProseMirrorNode): string {
  return createHash('sha1')
    .update(JSON.stringify(canonical(mergeTextRuns(node))))
    .digest('base64url');
}

function sameMarks(
  a: readonly ProseMirrorMark[] | undefined,
  b: readonly ProseMirrorMark[] | undefined,
): boolean {
  return (
    JSON.stringify(canonical(a ?? [])) === JSON.stringify(canonical(b ?? []))
  );
}

function mergeTextRuns(node: ProseMirrorNode): ProseMirrorNode {
  if (!node.content) return node;
  const content: ProseMirrorNode[] = [];
  for (const child of node.content) {
    if (child.type === 'text') {
      if ((child.text ?? '') === '') continue;
      const last = content[content.length - 1];
      if (last?.type === 'text' && sameMarks(last.marks, child.marks)) {
        content[content.length - 1] = {
          ...last,
          text: (last.text ?? '') + (child.text ?? ''),
        };
        continue;
      }
      // No marks and `marks: []` are the same text; empty mark attributes `canonical` drops.
      content.push(
        child.marks && child.marks.length > 0
          ? { type: 'text', text: child.text, marks: child.marks }
          : { type: 'text', text: child.text },
      );
    } else {
      content.push(mergeTextRuns(child));
    }
  }
  return content.length > 0 ? { ...node, content } : withoutContent(node);
}

function withoutContent(node: ProseMirrorNode): ProseMirrorNode {
  const copy = { ...node };
  delete (copy as { content?: unknown }).content;
  return copy;
}
