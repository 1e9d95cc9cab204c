/** Characters that end a line or a prompt segment: each becomes one space. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Invisible characters (zero-width, bidi overrides, private use, lone surrogates) can hide text. */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cs}\p{Cn}]/gu;
/** `[signal]` (any case and spacing, full-width brackets too): only the comment signal writes it. */
const SIGNAL_MARKER = /[[\uFF3B]\s*signal\s*[\]\uFF3D]/giu;

/** Line breaks and control characters but the line feed the module's own messages use. */
const BREAKING_BUT_LINE_FEED = /[^\P{Cc}\n]|[\p{Zl}\p{Zp}]/gu;

function withoutMarkers(text: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(SIGNAL_MARKER, 'signal');
    if (next === current) return current;
    current = next;
  }
}

/**
 * A tool's message as the model reads it: the lines the module wrote stay (`\n` only), any
 * other line or paragraph separator and control character becomes a space, invisible
 * characters go, and no `[signal]` marker is left anywhere, so no text a message quotes can
 * make a line look like the comment signal's. Quoted text itself goes through `modelLine`.
 */
export function modelText(text: string): string {
  return withoutMarkers(
    text.replace(BREAKING_BUT_LINE_FEED, ' ').replace(INVISIBLE, ''),
  );
}

/**
 * Text the model reads as one line of a tool's answer (an error message, which may quote a page
 * title or other text a user wrote): no line break or control character (so no quoted text
 * starts a line of its own), nothing invisible, and no `[signal]` marker (so a title cannot
 * forge the comment signal's line). Removing a marker can join its neighbours into another
 * (`[[signal]]`), so it repeats until nothing changes.
 */
export function modelLine(text: string): string {
  return withoutMarkers(
    text.replace(LINE_BREAKING, ' ').replace(INVISIBLE, ''),
  );
}
