import { modelLine } from '../../registry/model-text';

/** Longest title a signal carries, in user-perceived characters, ellipsis included. */
export const MAX_SIGNAL_TITLE_LENGTH = 80;

const UNTITLED = 'Untitled';

/** `[signal]` (any case and spacing): only this module may start a line with it. */
const SIGNAL_MARKER = /\[\s*signal\s*\]/giu;
/** Anything shaped like a prompt tag: `<tool_catalog>`, `</page_changed>`, `<system foo="x">`. */
const PROMPT_TAG = /<\s*(\/?)\s*([\p{L}_][\p{L}\p{N}_:.-]*)[^<>]*>/gu;

/**
 * Quotes and brackets that could close the `("…")` around the title or open a tag, each
 * replaced by a typographic look-alike the reader still understands.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '"': '\u201D',
  "'": '\u2019',
  '`': '\u2019',
  '(': '\uFF08',
  ')': '\uFF09',
  '[': '\uFF3B',
  ']': '\uFF3D',
  '{': '\uFF5B',
  '}': '\uFF5D',
  '<': '\u2039',
  '>': '\u203A',
};
const NEUTRALISED = /["'`()[\]{}<>]/g;

/** Removing one marker can join its neighbours into another (`[[signal]]`, `[sig<b>nal]`), so repeat. */
function defang(text: string): string {
  let current = text;
  for (;;) {
    const next = current
      .replace(SIGNAL_MARKER, 'signal')
      .replace(
        PROMPT_TAG,
        (_tag, slash: string, name: string) => `${slash}${name}`,
      );
    if (next === current) return current;
    current = next;
  }
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function capLength(text: string): string {
  const parts = Array.from(
    graphemes.segment(text),
    (segment) => segment.segment,
  );
  if (parts.length <= MAX_SIGNAL_TITLE_LENGTH) return text;
  return `${parts
    .slice(0, MAX_SIGNAL_TITLE_LENGTH - 1)
    .join('')
    .trimEnd()}\u2026`;
}

/**
 * A page title is text another user wrote: inside a `[signal]` line the model must read it
 * as a name, never as an instruction. So it cannot break the line, cannot close the quotes
 * it sits in, cannot open or close a prompt tag, and cannot start a forged signal.
 */
export function sanitizePageTitle(title: string | null | undefined): string {
  if (title === null || title === undefined) return UNTITLED;
  // NFKC first: full-width `［signal］` or `＜tag＞` fold to ASCII and are caught below.
  // One line, nothing invisible, no marker: the rule for every text the model reads.
  const visible = modelLine(title.normalize('NFKC'));
  const cleaned = defang(visible)
    .replace(NEUTRALISED, (character) => LOOK_ALIKES[character] ?? '')
    .replace(/\s+/gu, ' ')
    .trim();
  return cleaned === '' ? UNTITLED : capLength(cleaned);
}
