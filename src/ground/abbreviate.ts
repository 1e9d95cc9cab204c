/** Characters of an input that an error message quotes by default. */
export const QUOTED_INPUT_LENGTH = 64;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A short prefix of an input for an error message. Errors that echoed inputs whole sent a 9.5 MB
 * id back to the model (and into logs) in full; a prefix and the total length say enough to find
 * the mistake. Control characters are shown escaped so a quoted value cannot break the line.
 */
export function abbreviate(
  value: string,
  maxLength: number = QUOTED_INPUT_LENGTH,
): string {
  let shown = value.length > maxLength ? value.slice(0, maxLength) : value;
  // Never end on half of a surrogate pair (an emoji cut in two prints as a replacement box).
  if (/[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
  shown = shown.replace(
    CONTROL_CHARACTERS,
    (character) =>
      `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return value.length > maxLength
    ? `${shown}… (${value.length} characters)`
    : shown;
}
