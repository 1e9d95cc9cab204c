import { diffArrays, diffWords } from 'diff';
import { countDocument, type DocumentCounts } from './document-counts';
import { extractText } from './extract-text';
import type { ProseMirrorNode } from './prosemirror-node';

/** One change between two versions' text, line by line. */
export type TextChange =
  | { readonly type: 'changed'; readonly before: string; readonly after: string }
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
}

export interface DiffDocumentsOptions {
  /** Changed lines listed before the rest is only counted. Default 200. */
  readonly maxChangedLines?: number;
}

function lines(doc: ProseMirrorNode): string[] {
  const text = extractText(doc);
  return text === '' ? [] : text.split('\n');
}

/** Pairing removed with added lines costs |removed| × |added| word diffs; beyond this, no pairing. */
const MAX_PAIRING_WORK = 400;
/** Share of words two lines must have in common to read as one changed line. */
const CHANGED_LINE_SIMILARITY = 0.5;

/** Dice coefficient over words: 1 for equal lines, 0 for lines without a word in common. */
function similarity(before: string, after: string): number {
  let common = 0;
  let onlyBefore = 0;
  let onlyAfter = 0;
  for (const part of diffWords(before, after)) {
    const words = part.value.split(/\s+/).filter((word) => word !== '').length;
    if (part.added) onlyAfter += words;
    else if (part.removed) onlyBefore += words;
    else common += words;
  }
  const total = 2 * common + onlyBefore + onlyAfter;
  return total === 0 ? 1 : (2 * common) / total;
}

/**
 * Aligns a run of removed lines with the run of added lines that replaced it: a removed line is
 * `changed` into the next added line that shares most of its words; the rest stay removed or
 * added. Order is kept on both sides.
 */
function alignRun(removed: readonly string[], added: readonly string[]): TextChange[] {
  const changes: TextChange[] = [];
  const emit = (type: 'added' | 'removed', line: string): void => {
    const last = changes[changes.length - 1];
    if (last !== undefined && last.type === type) changes[changes.length - 1] = { type, lines: [...last.lines, line] };
    else changes.push({ type, lines: [line] });
  };
  const pairing = removed.length * added.length <= MAX_PAIRING_WORK;
  let nextAdded = 0;
  for (const before of removed) {
    const match = pairing ? added.findIndex((after, index) => index >= nextAdded && similarity(before, after) >= CHANGED_LINE_SIMILARITY) : -1;
    if (match === -1) {
      emit('removed', before);
      continue;
    }
    for (; nextAdded < match; nextAdded++) emit('added', added[nextAdded]!);
    changes.push({ type: 'changed', before, after: added[match]! });
    nextAdded = match + 1;
  }
  for (; nextAdded < added.length; nextAdded++) emit('added', added[nextAdded]!);
  return changes;
}

function lineCount(change: TextChange): number {
  return change.type === 'changed' ? 2 : change.lines.length;
}

/**
 * Compares two documents: their text line by line (one line per text block, as stored in
 * `text_content`), a replaced line reading as one `changed` pair, plus the integrity counts of
 * both sides.
 */
export function diffDocuments(from: ProseMirrorNode, to: ProseMirrorNode, options: DiffDocumentsOptions = {}): DocumentDiff {
  const maxChangedLines = options.maxChangedLines ?? 200;
  const parts = diffArrays(lines(from), lines(to));
  const changes: TextChange[] = [];
  let addedLines = 0;
  let removedLines = 0;
  let unchangedLines = 0;
  let listed = 0;
  let truncated = false;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (!part.added && !part.removed) {
      unchangedLines += part.value.length;
      continue;
    }
    const removed = part.removed ? part.value : [];
    const next = parts[index + 1];
    const added = part.added ? part.value : next?.added ? (index++, next.value) : [];
    removedLines += removed.length;
    addedLines += added.length;
    for (const change of alignRun(removed, added)) {
      if (truncated || listed + lineCount(change) > maxChangedLines) {
        truncated = true;
        continue;
      }
      listed += lineCount(change);
      changes.push(change);
    }
  }
  const before = countDocument(from);
  const after = countDocument(to);
  const keys = Object.keys(before) as (keyof DocumentCounts)[];
  const integrity = Object.fromEntries(keys.map((key) => [key, { from: before[key], to: after[key] }])) as Record<keyof DocumentCounts, CountChange>;
  const warnings = keys
    .filter((key) => after[key] < before[key])
    .map((key) => `${key}: ${before[key]} -> ${after[key]} (${before[key] - after[key]} fewer in "to")`);
  return { changes, addedLines, removedLines, unchangedLines, truncated, integrity, warnings };
}
