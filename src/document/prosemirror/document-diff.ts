import { countDocument, type DocumentCounts } from './document-counts';
import { extractText } from './extract-text';
import { diffLines, type LineDiffOptions } from './line-diff';
import type { ProseMirrorNode } from './prosemirror-node';

/** One change between two versions' text, line by line. */
export type TextChange =
  | {
      readonly type: 'changed';
      readonly before: string;
      readonly after: string;
    }
  | { readonly type: 'added'; readonly lines: readonly string[] }
  | { readonly type: 'removed'; readonly lines: readonly string[] };

export interface CountChange {
  readonly from: number;
  readonly to: number;
}

export interface DocumentDiff {
  readonly changes: readonly TextChange[];
  readonly addedLines: number;
  readonly removedLines: number;
  readonly unchangedLines: number;
  /** True when `changes` stops before the last change (see `maxChangedLines`). */
  readonly truncated: boolean;
  readonly integrity: Readonly<Record<keyof DocumentCounts, CountChange>>;
  /** One sentence per count that went down: what `to` lost compared with `from`. */
  readonly warnings: readonly string[];
  /**
   * Present when the versions differ too much to align line by line within the work limit:
   * some stretches are then listed whole (all removed, then all added), and this says so.
   */
  readonly note?: string;
}

export interface DiffDocumentsOptions extends LineDiffOptions {
  /** Changed lines listed before the rest is only counted. Default 200. */
  readonly maxChangedLines?: number;
}

/** Longest line listed in `changes`, in characters; a longer one is cut with a marker. */
export const MAX_LISTED_LINE_CHARS = 2_000;

const COARSE_NOTE =
  'The versions differ too much to align line by line within the work limit, so some stretches are listed whole (all removed, then all added) rather than paired; the counts are exact. Compare smaller parts with getPageHistory, or diff versions that are closer together.';

function lines(doc: ProseMirrorNode): string[] {
  const text = extractText(doc);
  return text === '' ? [] : text.split('\n');
}

/** Pairing removed with added lines costs |removed| × |added| word diffs; beyond this, no pairing. */
const MAX_PAIRING_WORK = 400;
/** Share of words two lines must have in common to read as one changed line. */
const CHANGED_LINE_SIMILARITY = 0.5;

/** The words of a line and how often each occurs. */
function wordBag(line: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of line.split(/\s+/))
    if (word !== '') bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

function bagSize(bag: ReadonlyMap<string, number>): number {
  let size = 0;
  for (const count of bag.values()) size += count;
  return size;
}

/**
 * Dice coefficient over words: 1 for lines with the same words, 0 for lines without a word in
 * common. Linear in the lines' length, unlike a word diff (quadratic on long paragraphs).
 */
function similarity(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): number {
  const total = bagSize(before) + bagSize(after);
  if (total === 0) return 1;
  const [small, large] =
    before.size <= after.size ? [before, after] : [after, before];
  let common = 0;
  for (const [word, count] of small)
    common += Math.min(count, large.get(word) ?? 0);
  return (2 * common) / total;
}

/**
 * Aligns a run of removed lines with the run of added lines that replaced it: a removed line is
 * `changed` into the next added line that shares most of its words; the rest stay removed or
 * added. Order is kept on both sides.
 */
function alignRun(
  removed: readonly string[],
  added: readonly string[],
): TextChange[] {
  const changes: (
    { type: 'added' | 'removed'; lines: string[] } | TextChange
  )[] = [];
  const emit = (type: 'added' | 'removed', line: string): void => {
    const last = changes[changes.length - 1];
    if (last !== undefined && last.type === type)
      (last.lines as string[]).push(line);
    else changes.push({ type, lines: [line] });
  };
  const pairing = removed.length * added.length <= MAX_PAIRING_WORK;
  const addedBags = pairing ? added.map(wordBag) : [];
  let nextAdded = 0;
  for (const before of removed) {
    const bag = pairing ? wordBag(before) : undefined;
    const match = bag
      ? addedBags.findIndex(
          (after, index) =>
            index >= nextAdded &&
            similarity(bag, after) >= CHANGED_LINE_SIMILARITY,
        )
      : -1;
    if (match === -1) {
      emit('removed', before);
      continue;
    }
    for (; nextAdded < match; nextAdded++) emit('added', added[nextAdded]!);
    changes.push({ type: 'changed', before, after: added[match]! });
    nextAdded = match + 1;
  }
  for (; nextAdded < added.length; nextAdded++)
    emit('added', added[nextAdded]!);
  return changes;
}

function clip(line: string): string {
  return line.length > MAX_LISTED_LINE_CHARS
    ? `${line.slice(0, MAX_LISTED_LINE_CHARS)}… (${line.length - MAX_LISTED_LINE_CHARS} more characters)`
    : line;
}

/** The change as listed: very long lines cut, so one huge paragraph cannot flood the result. */
function clipped(change: TextChange): TextChange {
  if (change.type === 'changed')
    return {
      type: 'changed',
      before: clip(change.before),
      after: clip(change.after),
    };
  return { type: change.type, lines: change.lines.map(clip) };
}

function lineCount(change: TextChange): number {
  return change.type === 'changed' ? 2 : change.lines.length;
}

/**
 * Compares two documents: their text line by line (one line per text block, as stored in
 * `text_content`), a replaced line reading as one `changed` pair, plus the integrity counts of
 * both sides. The cost is bounded (see `diffLines`): about O(n log n) for typical edits, and a
 * coarser listing with a `note` past the work limit.
 */
export function diffDocuments(
  from: ProseMirrorNode,
  to: ProseMirrorNode,
  options: DiffDocumentsOptions = {},
): DocumentDiff {
  const maxChangedLines = options.maxChangedLines ?? 200;
  const { parts, coarse } = diffLines(lines(from), lines(to), options);
  const changes: TextChange[] = [];
  let addedLines = 0;
  let removedLines = 0;
  let unchangedLines = 0;
  let listed = 0;
  let truncated = false;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (part.type === 'equal') {
      unchangedLines += part.lines.length;
      continue;
    }
    const removed = part.type === 'removed' ? part.lines : [];
    const next = parts[index + 1];
    const added =
      part.type === 'added'
        ? part.lines
        : next?.type === 'added'
          ? (index++, next.lines)
          : [];
    removedLines += removed.length;
    addedLines += added.length;
    // Past the listing limit the rest is only counted: no need to pair its lines.
    if (truncated) continue;
    for (const change of alignRun(removed, added)) {
      if (truncated || listed + lineCount(change) > maxChangedLines) {
        // A long run of added or removed lines is listed up to the limit rather than left out.
        const room = maxChangedLines - listed;
        if (!truncated && change.type !== 'changed' && room > 0) {
          changes.push(
            clipped({ type: change.type, lines: change.lines.slice(0, room) }),
          );
          listed += room;
        }
        truncated = true;
        continue;
      }
      listed += lineCount(change);
      changes.push(clipped(change));
    }
  }
  const before = countDocument(from);
  const after = countDocument(to);
  const keys = Object.keys(before) as (keyof DocumentCounts)[];
  const integrity = Object.fromEntries(
    keys.map((key) => [key, { from: before[key], to: after[key] }]),
  ) as Record<keyof DocumentCounts, CountChange>;
  const warnings = keys
    .filter((key) => after[key] < before[key])
    .map(
      (key) =>
        `${key}: ${before[key]} -> ${after[key]} (${before[key] - after[key]} fewer in "to")`,
    );
  const diff: DocumentDiff = {
    changes,
    addedLines,
    removedLines,
    unchangedLines,
    truncated,
    integrity,
    warnings,
  };
  return coarse ? { ...diff, note: COARSE_NOTE } : diff;
}
