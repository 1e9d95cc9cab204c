import {
  ATOM_PLACEHOLDER,
  COMMENT_MARK_TYPE,
  isTextBlock,
  LEAF_NODE_TYPES,
  type ProseMirrorNode,
} from '../document';
import type { YjsRelativePosition, YjsSelection } from '../page-store';
import { Y, type YXmlElement, type YXmlFragment, type YXmlText } from './yjs';
import { textNodesOf } from './yjs-document';

/**
 * A thread's selection as Yjs relative positions, for a collaboration server that sets the
 * comment mark itself (Docmost's `CommentService.create` with `yjsSelection`, which runs its
 * `setCommentMark` collaboration event on the page's owner). Relative positions name Yjs items,
 * so positions made on the agent's replica mean the same text on every replica.
 *
 * How Docmost applies them (0.94.0, `collaboration/yjs.util.ts`): each position is resolved to a
 * ProseMirror position (`@tiptap/y-tiptap`'s `relativePositionToAbsolutePosition`, where a leaf
 * node such as an image, a mention or a hard break takes ONE position), then the text between
 * is found by walking the fragment with a counter that takes TWO positions for every element,
 * leaves included. Past each leaf before the selection, the two counts differ by one: positions
 * pointing at the selection itself would put the highlight that many characters early. So the
 * positions made here are the ones Docmost's walk turns into exactly the selection's text: the
 * selection's own ends where no leaf comes before it (most pages), shifted by the leaves
 * otherwise. The caller checks the mark on its replica afterwards in every case.
 */

/** One run of text (a `YXmlText`), where it starts in both of Docmost's counts. */
interface TextRun {
  readonly text: YXmlText;
  /** The ProseMirror position of its first character (y-tiptap's count). */
  readonly start: number;
  /** The same place in Docmost's mark walk (two positions per element, leaves included). */
  readonly walkStart: number;
  readonly length: number;
}

/** Where the selection was found: its run and its offsets in that run. */
interface FoundSelection {
  readonly runIndex: number;
  readonly from: number;
  readonly to: number;
  /** `attrs.id` of the block holding it, if it has one. */
  readonly blockId: string | null;
}

/** A leaf in the editor's schema: never has children, takes one ProseMirror position. */
function isLeaf(element: YXmlElement): boolean {
  return element.length === 0 && LEAF_NODE_TYPES.has(element.nodeName);
}

/** The element's children as node types only: what `isTextBlock` looks at. */
function shallowNode(element: YXmlElement): ProseMirrorNode {
  const content: ProseMirrorNode[] = [];
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) {
      if (child.length > 0) content.push({ type: 'text', text: '' });
    } else if (child instanceof Y.XmlElement)
      content.push({ type: child.nodeName });
  }
  return { type: element.nodeName, content };
}

function textOf(text: YXmlText): string {
  return (text.toDelta() as { insert: unknown }[])
    .map((operation) =>
      typeof operation.insert === 'string' ? operation.insert : '',
    )
    .join('');
}

/**
 * Walks the fragment once: every text run with its two starts, and the selection's first
 * occurrence inside one text block (the blocks in document order, code blocks left out, as
 * `anchorComment` looks for it on the JSON).
 */
function scan(
  fragment: YXmlFragment,
  selection: string,
): { readonly runs: readonly TextRun[]; readonly found?: FoundSelection } {
  const runs: TextRun[] = [];
  let found: FoundSelection | undefined;
  let position = 0;
  let walk = 0;
  const visit = (element: YXmlElement) => {
    if (isLeaf(element)) {
      position += 1;
      walk += 2;
      return;
    }
    position += 1;
    walk += 1;
    const searchable =
      found === undefined &&
      element.nodeName !== 'codeBlock' &&
      isTextBlock(shallowNode(element));
    // The block's text as matching sees it: each inline element one placeholder character.
    let matchable = '';
    const starts: { runIndex: number; offset: number; length: number }[] = [];
    for (const child of element.toArray()) {
      if (child instanceof Y.XmlText) {
        const length = child.length;
        starts.push({
          runIndex: runs.length,
          offset: matchable.length,
          length,
        });
        if (searchable) matchable += textOf(child);
        runs.push({ text: child, start: position, walkStart: walk, length });
        position += length;
        walk += length;
      } else if (child instanceof Y.XmlElement) {
        if (searchable) matchable += ATOM_PLACEHOLDER;
        visit(child);
      }
    }
    if (searchable) {
      const at = matchable.indexOf(selection);
      const run = starts.find(
        (candidate) =>
          at >= candidate.offset &&
          at + selection.length <= candidate.offset + candidate.length,
      );
      if (at !== -1 && run) {
        const id = element.getAttribute('id');
        found = {
          runIndex: run.runIndex,
          from: at - run.offset,
          to: at - run.offset + selection.length,
          blockId: typeof id === 'string' ? id : null,
        };
      }
    }
    position += 1;
    walk += 1;
  };
  for (const child of fragment.toArray())
    if (child instanceof Y.XmlElement) visit(child);
  return found ? { runs, found } : { runs };
}

/** Docmost's JSON of a position inside a text run, at `offset` (0 to its length). */
function positionIn(text: YXmlText, offset: number): YjsRelativePosition {
  // Associated with the character before, as y-tiptap's own selections are: offset 0 names the
  // run itself, never an item, so no resolver takes it for a misplaced start of the document.
  const relative = Y.createRelativePositionFromTypeIndex(text, offset, -1);
  const own = text._item!.id;
  return {
    // Docmost's schema wants `type` and `tname` present: the run is never a root type.
    type: relative.type
      ? { client: relative.type.client, clock: relative.type.clock }
      : { client: own.client, clock: own.clock },
    tname: null,
    item: relative.item
      ? { client: relative.item.client, clock: relative.item.clock }
      : null,
    assoc: relative.assoc,
  };
}

/**
 * A text position whose ProseMirror position lies in `[low, high]`, nearest `prefer` (`low` or
 * `high`); undefined when none does.
 */
function textPositionIn(
  runs: readonly TextRun[],
  low: number,
  high: number,
  prefer: 'low' | 'high',
): YjsRelativePosition | undefined {
  const ordered = prefer === 'low' ? runs : [...runs].reverse();
  for (const run of ordered) {
    const first = Math.max(low, run.start);
    const last = Math.min(high, run.start + run.length);
    if (first > last) continue;
    return positionIn(run.text, (prefer === 'low' ? first : last) - run.start);
  }
  return undefined;
}

/** What `selectionPositions` found. */
export type SelectionPositions =
  | {
      readonly kind: 'found';
      readonly yjsSelection: YjsSelection;
      readonly blockId: string | null;
    }
  /** The selection is not in one text block of the document. */
  | { readonly kind: 'absent' }
  /**
   * It is, but no pair of positions makes Docmost's walk mark exactly it (a selection at the
   * very end of a document with leaves before it).
   */
  | { readonly kind: 'unplaceable' };

/** The positions of the selection's first occurrence that Docmost's `setCommentMark` marks exactly. */
export function selectionPositions(
  fragment: YXmlFragment,
  selection: string,
): SelectionPositions {
  const { runs, found } = scan(fragment, selection);
  if (!found) return { kind: 'absent' };
  const run = runs[found.runIndex]!;
  // Docmost formats the characters whose walk position is in [from, to): `from` must not reach
  // back to the text before the selection, `to` not on to the text after it.
  const previous = runs
    .slice(0, found.runIndex)
    .reverse()
    .find((candidate) => candidate.length > 0);
  const next = runs
    .slice(found.runIndex + 1)
    .find((candidate) => candidate.length > 0);
  const fromHigh = run.walkStart + found.from;
  const fromLow =
    found.from > 0
      ? fromHigh
      : previous
        ? previous.walkStart + previous.length
        : 0;
  const toLow = run.walkStart + found.to;
  const toHigh =
    found.to < run.length
      ? toLow
      : next
        ? next.walkStart
        : Number.MAX_SAFE_INTEGER;
  const anchor = textPositionIn(runs, fromLow, fromHigh, 'high');
  const head = textPositionIn(runs, toLow, toHigh, 'low');
  if (!anchor || !head) return { kind: 'unplaceable' };
  return {
    kind: 'found',
    yjsSelection: { anchor, head },
    blockId: found.blockId,
  };
}

/** The text the thread's comment mark covers, all of it, in document order. */
export function commentMarkText(
  fragment: YXmlFragment,
  commentId: string,
): string {
  let marked = '';
  const visit = (type: YXmlElement | YXmlFragment) => {
    for (const child of type.toArray()) {
      if (child instanceof Y.XmlText) {
        for (const node of textNodesOf(child))
          if (
            node.marks?.some(
              (mark) =>
                mark.type === COMMENT_MARK_TYPE &&
                mark.attrs?.commentId === commentId,
            )
          )
            marked += node.text ?? '';
      } else if (child instanceof Y.XmlElement) visit(child);
    }
  };
  visit(fragment);
  return marked;
}
