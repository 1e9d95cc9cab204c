import { NotExpressibleError } from './not-expressible-error';

/**
 * Attribute blocks: `{#abcdefghijkl textAlign=center width=320 title="A \"quoted\" title"}`.
 *
 * They carry node attributes Markdown has no syntax for: the block id of a paragraph or
 * heading (`#id`, as in Pandoc and kramdown), an image's size and alignment, a callout's icon.
 * Values are JSON (strings, numbers, true/false/null, arrays, objects) or a bare word, which
 * reads as a string. The block is read from the raw source, so JSON escapes are never mixed up
 * with Markdown escapes.
 */

export type Attributes = Readonly<Record<string, unknown>>;

/**
 * Longest attribute block read or written, in characters. An unclosed value (`{a=[`) is scanned
 * to the end of its line, and the inline parser retries at every `{`: without a bound, one long
 * line of `{a=[{a=[...` costs quadratic time (seconds per 100,000 characters, blocking the
 * server). Real blocks (ids, alignment, sizes) are far shorter; a longer one is exported as JSON.
 */
export const MAX_ATTRIBUTE_BLOCK_LENGTH = 1024;

export interface ParsedAttributeBlock {
  readonly attributes: Record<string, unknown>;
  /** Index just past the closing `}`. */
  readonly end: number;
}

const ID_CHARACTER = /[A-Za-z0-9_-]/;
const KEY_START = /[A-Za-z_]/;
const KEY_CHARACTER = /[A-Za-z0-9_-]/;
const BARE_CHARACTER = /[A-Za-z0-9_.:/+-]/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const BARE_STRING = /^[A-Za-z_][A-Za-z0-9_.:/-]*$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const SHORT_ID = /^[A-Za-z0-9_-]+$/;

function readWhile(source: string, start: number, pattern: RegExp): number {
  let index = start;
  while (index < source.length && pattern.test(source[index]!)) index++;
  return index;
}

/** End of a JSON string starting at `start` (a `"`), or -1 when it does not close on this line. */
function jsonStringEnd(source: string, start: number): number {
  for (let index = start + 1; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') index++;
    else if (character === '"') return index + 1;
    else if (character === '\n') return -1;
  }
  return -1;
}

/** End of a JSON array or object starting at `start`, or -1 when unbalanced. */
function jsonCompositeEnd(source: string, start: number): number {
  let depth = 0;
  for (let index = start; index < source.length; index++) {
    const character = source[index];
    if (character === '"') {
      const end = jsonStringEnd(source, index);
      if (end === -1) return -1;
      index = end - 1;
    } else if (character === '[' || character === '{') depth++;
    else if (character === ']' || character === '}') {
      depth--;
      if (depth === 0) return index + 1;
    } else if (character === '\n') return -1;
  }
  return -1;
}

function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** One value at `start`: its parsed form and where it ends, or undefined when malformed. */
function readValue(
  source: string,
  start: number,
): { readonly value: unknown; readonly end: number } | undefined {
  const first = source[start];
  let end: number;
  if (first === '"') end = jsonStringEnd(source, start);
  else if (first === '[' || first === '{')
    end = jsonCompositeEnd(source, start);
  else {
    end = readWhile(source, start, BARE_CHARACTER);
    if (end === start) return undefined;
    const word = source.slice(start, end);
    if (
      word === 'true' ||
      word === 'false' ||
      word === 'null' ||
      NUMBER.test(word)
    )
      return { value: JSON.parse(word) as unknown, end };
    return { value: word, end };
  }
  if (end === -1) return undefined;
  const parsed = parseJson(source.slice(start, end));
  return parsed && { value: parsed.value, end };
}

/**
 * Reads an attribute block starting at `start` (which must be `{`). Returns undefined when the
 * text there is not a well-formed block, so ordinary braces in text stay text.
 */
export function parseAttributeBlock(
  whole: string,
  start: number,
): ParsedAttributeBlock | undefined {
  if (whole[start] !== '{') return undefined;
  const source = whole.slice(0, start + MAX_ATTRIBUTE_BLOCK_LENGTH);
  const entries: [string, unknown][] = [];
  const keys = new Set<string>();
  let index = start + 1;
  for (;;) {
    index = readWhile(source, index, / /);
    if (source[index] === '}') break;
    if (entries.length > 0 && source[index - 1] !== ' ') return undefined;
    let key: string;
    let value: unknown;
    if (source[index] === '#') {
      const end = readWhile(source, index + 1, ID_CHARACTER);
      if (end === index + 1) return undefined;
      key = 'id';
      value = source.slice(index + 1, end);
      index = end;
    } else {
      if (!KEY_START.test(source[index] ?? '')) return undefined;
      const keyEnd = readWhile(source, index, KEY_CHARACTER);
      if (source[keyEnd] !== '=') return undefined;
      key = source.slice(index, keyEnd);
      const read = readValue(source, keyEnd + 1);
      if (!read) return undefined;
      value = read.value;
      index = read.end;
    }
    if (keys.has(key)) return undefined;
    keys.add(key);
    entries.push([key, value]);
    if (source[index] !== ' ' && source[index] !== '}') return undefined;
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays an ordinary key.
  return { attributes: Object.fromEntries(entries), end: index + 1 };
}

function formatValue(value: unknown): string {
  if (value === undefined)
    throw new NotExpressibleError('an attribute holds undefined');
  if (
    typeof value === 'string' &&
    BARE_STRING.test(value) &&
    value !== 'true' &&
    value !== 'false' &&
    value !== 'null'
  )
    return value;
  // A pipe would split a table cell, and JSON can spell it as an escape.
  return JSON.stringify(value).replace(/\|/g, '\\u007c');
}

/** `{#id key=value ...}`: the id first, then the rest in their order; `{}` for an empty object. */
export function formatAttributeBlock(attributes: Attributes): string {
  const parts: string[] = [];
  const entries = Object.entries(attributes).sort(
    ([a], [b]) => Number(b === 'id') - Number(a === 'id'),
  );
  for (const [key, value] of entries) {
    if (!KEY.test(key))
      throw new NotExpressibleError(`attribute name ${JSON.stringify(key)}`);
    parts.push(
      key === 'id' && typeof value === 'string' && SHORT_ID.test(value)
        ? `#${value}`
        : `${key}=${formatValue(value)}`,
    );
  }
  const block = `{${parts.join(' ')}}`;
  if (block.length > MAX_ATTRIBUTE_BLOCK_LENGTH)
    throw new NotExpressibleError(
      `an attribute block over ${MAX_ATTRIBUTE_BLOCK_LENGTH} characters`,
    );
  return block;
}
