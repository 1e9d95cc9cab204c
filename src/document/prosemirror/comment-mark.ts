import { blockIdNames } from './block-id-abbreviation';
import { listTextBlocks, replaceNodeAtPath } from './find-block';
import { addMarkToRange, findOccurrences, matchableText } from './inline-text';
import type { ProseMirrorMark, ProseMirrorNode } from './prosemirror-node';

/**
 * Docmost anchors a comment thread to page text with a `comment` mark
 * `{ commentId, resolved }`; the editor highlights the text and hides it once resolved.
 */

export const COMMENT_MARK_TYPE = 'comment';

/** Code blocks take no marks in Docmost's schema, so a comment cannot be anchored there. */
const BLOCKS_WITHOUT_MARKS: ReadonlySet<string> = new Set(['codeBlock']);

export function commentMark(
  commentId: string,
  resolved = false,
): ProseMirrorMark {
  return { type: COMMENT_MARK_TYPE, attrs: { commentId, resolved } };
}

export interface CommentAnchor {
  readonly doc: ProseMirrorNode;
  /** `attrs.id` of the block the selection was found in; null for a block without one. */
  readonly blockId: string | null;
  readonly topLevelIndex: number;
}

/**
 * Marks the FIRST occurrence of `selection` (inside one text block, in document order) with a
 * new, unresolved comment mark. Undefined when no single block contains the selection.
 */
export function anchorComment(
  doc: ProseMirrorNode,
  selection: string,
  commentId: string,
): CommentAnchor | undefined {
  for (const block of listTextBlocks(doc)) {
    if (BLOCKS_WITHOUT_MARKS.has(block.node.type)) continue;
    const [offset] = findOccurrences(matchableText(block.node), selection);
    if (offset === undefined) continue;
    const marked = addMarkToRange(
      block.node,
      offset,
      offset + selection.length,
      commentMark(commentId),
    );
    const id = block.node.attrs?.id;
    return {
      doc: replaceNodeAtPath(doc, block.path, marked),
      blockId: typeof id === 'string' ? id : null,
      topLevelIndex: block.topLevelIndex,
    };
  }
  return undefined;
}

function isMarkOf(mark: ProseMirrorMark, commentId: string): boolean {
  return mark.type === COMMENT_MARK_TYPE && mark.attrs?.commentId === commentId;
}

function setResolvedIn(
  node: ProseMirrorNode,
  commentId: string,
  resolved: boolean,
  counter: { changed: number },
): ProseMirrorNode {
  let marks = node.marks;
  if (
    marks?.some(
      (mark) => isMarkOf(mark, commentId) && mark.attrs?.resolved !== resolved,
    )
  ) {
    marks = marks.map((mark) =>
      isMarkOf(mark, commentId)
        ? { ...mark, attrs: { ...mark.attrs, resolved } }
        : mark,
    );
    counter.changed++;
  }
  const content = node.content?.map((child) =>
    setResolvedIn(child, commentId, resolved, counter),
  );
  const changedChild = content?.some(
    (child, index) => child !== node.content![index],
  );
  if (marks === node.marks && !changedChild) return node;
  return {
    ...node,
    ...(marks ? { marks } : {}),
    ...(content ? { content } : {}),
  };
}

/**
 * Sets `resolved` on every mark of the thread. `changed` counts the text nodes updated: 0 when
 * the anchor is gone (its text was deleted) or already in that state; the document is then
 * returned as is.
 */
export function setCommentResolved(
  doc: ProseMirrorNode,
  commentId: string,
  resolved: boolean,
): { readonly doc: ProseMirrorNode; readonly changed: number } {
  const counter = { changed: 0 };
  const updated = setResolvedIn(doc, commentId, resolved, counter);
  return { doc: updated, changed: counter.changed };
}

export interface CommentAnchorLocation {
  /** The block's id as getPage shows it (shortened, see `blockIdNames`); null if it has none. */
  readonly blockId: string | null;
  readonly topLevelIndex: number;
  /** The anchored text (all marked pieces of the thread in the first block that has it). */
  readonly text: string;
}

/** Where each thread's mark sits in the document, by comment id (first block only), for the comment views. */
export function findCommentAnchors(
  doc: ProseMirrorNode,
): ReadonlyMap<string, CommentAnchorLocation> {
  const anchors = new Map<string, CommentAnchorLocation>();
  const nameId = blockIdNames(doc);
  for (const block of listTextBlocks(doc)) {
    const pieces = new Map<string, string>();
    for (const child of block.node.content ?? []) {
      for (const mark of child.marks ?? []) {
        const commentId = mark.attrs?.commentId;
        if (
          mark.type !== COMMENT_MARK_TYPE ||
          typeof commentId !== 'string' ||
          anchors.has(commentId)
        )
          continue;
        pieces.set(
          commentId,
          (pieces.get(commentId) ?? '') + (child.text ?? ''),
        );
      }
    }
    const id = block.node.attrs?.id;
    for (const [commentId, text] of pieces) {
      anchors.set(commentId, {
        blockId: typeof id === 'string' ? nameId(id) : null,
        topLevelIndex: block.topLevelIndex,
        text,
      });
    }
  }
  return anchors;
}
