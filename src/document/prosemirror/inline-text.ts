import type { ProseMirrorMark, ProseMirrorNode } from './prosemirror-node';

/**
 * Text positions inside ONE text block. A block's text may be split over several text nodes
 * with different marks (`We ship ` + bold `faster`); edits and comment anchors address the
 * block's text as one string and are mapped back onto those nodes here.
 *
 * Inline atoms (a mention, a hard break) take one position, shown as U+FFFC, so a match can
 * never span one: an atom is not text that could be rewritten.
 */

export const ATOM_PLACEHOLDER = '\uFFFC';

/** The block's text as edits see it: text nodes verbatim, each inline atom as U+FFFC. */
export function matchableText(block: ProseMirrorNode): string {
  return (block.content ?? [])
    .map((child) =>
      child.type === 'text' ? (child.text ?? '') : ATOM_PLACEHOLDER,
    )
    .join('');
}

/** Start offsets of the non-overlapping occurrences of `needle`, left to right. */
export function findOccurrences(haystack: string, needle: string): number[] {
  const starts: number[] = [];
  if (needle === '') return starts;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  )
    starts.push(at);
  return starts;
}

function sameMarks(
  left: readonly ProseMirrorMark[] | undefined,
  right: readonly ProseMirrorMark[] | undefined,
): boolean {
  return JSON.stringify(left ?? []) === JSON.stringify(right ?? []);
}

function textNode(
  template: ProseMirrorNode,
  text: string,
  marks: readonly ProseMirrorMark[] | undefined,
): ProseMirrorNode {
  const { marks: _dropped, text: _old, ...rest } = template;
  return marks && marks.length > 0
    ? { ...rest, text, marks }
    : { ...rest, text };
}

/**
 * Drops empty text nodes and merges neighbours with identical marks, as ProseMirror itself
 * normalises inline content; otherwise every edit would leave a seam in the JSON.
 */
export function normalizeInline(
  content: readonly ProseMirrorNode[],
): ProseMirrorNode[] {
  const result: ProseMirrorNode[] = [];
  for (const node of content) {
    if (node.type === 'text' && !node.text) continue;
    const previous = result[result.length - 1];
    if (
      previous?.type === 'text' &&
      node.type === 'text' &&
      sameMarks(previous.marks, node.marks)
    ) {
      result[result.length - 1] = textNode(
        previous,
        (previous.text ?? '') + (node.text ?? ''),
        previous.marks,
      );
    } else {
      result.push(node);
    }
  }
  return result;
}

function withContent(
  block: ProseMirrorNode,
  content: ProseMirrorNode[],
): ProseMirrorNode {
  const { content: _old, ...rest } = block;
  return content.length > 0 ? { ...rest, content } : rest;
}

/**
 * Replaces block text `[start, end)` with `replacement`. The new text takes the marks of the
 * character at `start` (replacing `faster` inside bold keeps it bold); text before and after
 * keeps its own marks. The range must hold text only (no atom).
 */
export function replaceTextRange(
  block: ProseMirrorNode,
  start: number,
  end: number,
  replacement: string,
): ProseMirrorNode {
  if (!(start < end))
    throw new RangeError(
      `empty range [${start}, ${end}): there is no text to replace`,
    );
  const result: ProseMirrorNode[] = [];
  let offset = 0;
  let inserted = false;
  for (const child of block.content ?? []) {
    const length = child.type === 'text' ? (child.text ?? '').length : 1;
    const childStart = offset;
    offset += length;
    if (offset <= start || childStart >= end) {
      result.push(child);
      continue;
    }
    if (child.type !== 'text')
      throw new RangeError(
        `range [${start}, ${end}) covers a ${child.type} node, not only text`,
      );
    const text = child.text ?? '';
    result.push(
      textNode(
        child,
        text.slice(0, Math.max(0, start - childStart)),
        child.marks,
      ),
    );
    if (!inserted) {
      result.push(textNode(child, replacement, child.marks));
      inserted = true;
    }
    if (end < offset)
      result.push(textNode(child, text.slice(end - childStart), child.marks));
  }
  if (!inserted)
    throw new RangeError(
      `range [${start}, ${end}) is outside the block's text (length ${offset})`,
    );
  return withContent(block, normalizeInline(result));
}

/**
 * Adds `mark` to the text in `[start, end)`, splitting text nodes at the range's edges. A mark
 * of the same type already there is replaced, as ProseMirror does for a mark type that
 * excludes itself (the default).
 */
export function addMarkToRange(
  block: ProseMirrorNode,
  start: number,
  end: number,
  mark: ProseMirrorMark,
): ProseMirrorNode {
  const result: ProseMirrorNode[] = [];
  let offset = 0;
  for (const child of block.content ?? []) {
    const length = child.type === 'text' ? (child.text ?? '').length : 1;
    const childStart = offset;
    offset += length;
    if (child.type !== 'text' || offset <= start || childStart >= end) {
      result.push(child);
      continue;
    }
    const text = child.text ?? '';
    const from = Math.max(0, start - childStart);
    const to = Math.min(length, end - childStart);
    const marked = [
      ...(child.marks ?? []).filter((existing) => existing.type !== mark.type),
      mark,
    ];
    result.push(textNode(child, text.slice(0, from), child.marks));
    result.push(textNode(child, text.slice(from, to), marked));
    result.push(textNode(child, text.slice(to), child.marks));
  }
  return withContent(block, normalizeInline(result));
}

/**
 * Replaces the text ranges `[start, start + length)` for every start in `starts` (ascending,
 * non-overlapping) in one pass over the block's children, so replacing every occurrence in a
 * long block is linear in its length. Each replacement takes the marks of the character at its
 * start, as in `replaceTextRange`; the ranges must hold text only.
 */
export function replaceTextRanges(
  block: ProseMirrorNode,
  starts: readonly number[],
  length: number,
  replacement: string,
): ProseMirrorNode {
  if (!(length > 0))
    throw new RangeError(
      `empty ranges (length ${length}): there is no text to replace`,
    );
  const result: ProseMirrorNode[] = [];
  let offset = 0;
  let next = 0;
  /** End of the range being replaced: text before it is dropped. */
  let coveredUntil = 0;
  for (const child of block.content ?? []) {
    const childStart = offset;
    const childEnd =
      offset + (child.type === 'text' ? (child.text ?? '').length : 1);
    offset = childEnd;
    if (child.type !== 'text') {
      if (
        coveredUntil > childStart ||
        (next < starts.length && starts[next]! === childStart)
      ) {
        throw new RangeError(
          `a range at ${childStart} covers a ${child.type} node, not only text`,
        );
      }
      result.push(child);
      continue;
    }
    // Kept text and the replacements starting in this child all take the child's marks: one text node.
    const text = child.text ?? '';
    const parts: string[] = [];
    let cursor = Math.max(childStart, Math.min(coveredUntil, childEnd));
    while (next < starts.length && starts[next]! < childEnd) {
      const start = starts[next]!;
      if (start < cursor) throw new RangeError(`ranges overlap at ${start}`);
      parts.push(
        text.slice(cursor - childStart, start - childStart),
        replacement,
      );
      coveredUntil = start + length;
      cursor = Math.min(coveredUntil, childEnd);
      next++;
    }
    parts.push(text.slice(cursor - childStart));
    result.push(textNode(child, parts.join(''), child.marks));
  }
  if (next < starts.length || coveredUntil > offset) {
    throw new RangeError(
      `a range ends outside the block's text (length ${offset})`,
    );
  }
  return withContent(block, normalizeInline(result));
}
