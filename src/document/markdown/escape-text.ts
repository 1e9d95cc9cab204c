/** Where a piece of text sits in the Markdown source, which decides what must be escaped. */
export interface TextPosition {
  /** It starts a source line (a block's start or after a hard break): `#`, `>`, `-`, `1.` ... would start a block. */
  readonly atLineStart: boolean;
  /** It ends its block, where Markdown trims whitespace. */
  readonly atLineEnd: boolean;
  /** The character written just before it ('' at the start), for `_` inside words. */
  readonly previous: string;
}

const ALWAYS_ESCAPED = new Set(['\\', '`', '*', '~', '[', ']', '|', '{']);
const LINE_START_ESCAPED = new Set(['#', '>', '-', '+', '=']);
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const TAG_START = /[A-Za-z/!?]/;
const ENTITY_START = /[#A-Za-z]/;
const WHITESPACE = /\s/;
/** An ordered-list marker at a line's start: `1.` or `12)`. */
const ORDERED_MARKER = /^\d{1,9}(?=[.)])/;

function entity(character: string): string {
  return `&#${character.codePointAt(0)!};`;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

/**
 * Escapes text so that Markdown reads it back as exactly this text: a backslash before
 * punctuation that would become syntax, and numeric character references for what a backslash
 * cannot protect (line breaks inside text, whitespace that Markdown trims at a line's edges).
 * Punctuation that is safe where it stands stays as written, so prose stays readable.
 */
export function escapeText(text: string, position: TextPosition): string {
  let result = '';
  const markerEnd = position.atLineStart
    ? (ORDERED_MARKER.exec(text)?.[0].length ?? -1)
    : -1;
  const characters = Array.from(text);
  characters.forEach((character, index) => {
    const first = index === 0;
    const last = index === characters.length - 1;
    const before = first ? position.previous : characters[index - 1];
    const after = characters[index + 1];
    if (character === '\n' || character === '\r') result += entity(character);
    else if (
      WHITESPACE.test(character) &&
      ((first && position.atLineStart) || (last && position.atLineEnd))
    )
      result += entity(character);
    else if (ALWAYS_ESCAPED.has(character)) result += `\\${character}`;
    else if (character === '_')
      result += isWordCharacter(before) && isWordCharacter(after) ? '_' : '\\_';
    else if (character === '<')
      result += after === undefined || TAG_START.test(after) ? '\\<' : '<';
    else if (character === '&')
      result += after === undefined || ENTITY_START.test(after) ? '\\&' : '&';
    // Before a link's `[`, a `!` would turn the link into an image.
    else if (character === '!' && after === undefined) result += '\\!';
    else if (first && position.atLineStart && LINE_START_ESCAPED.has(character))
      result += `\\${character}`;
    else if (character === '#' && last && position.atLineEnd) result += '\\#';
    else if (index === markerEnd) result += `\\${character}`;
    else result += character;
  });
  return result;
}
