import { ToolError } from '../registry/tool-error';

const NUL = '\u0000';
const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or undefined when it can. */
export type UnstorableText = 'nul' | 'surrogate';

function checkString(text: string): UnstorableText | undefined {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

/**
 * What in `value` (any string, object keys included) PostgreSQL would refuse to store: U+0000,
 * which neither text nor jsonb can hold, or an unpaired UTF-16 surrogate, which JSON.stringify
 * escapes as `\ud800` and jsonb rejects. Such a write fails inside the database with an
 * encoding error instead of a message the model can act on.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  if (typeof value === 'string') return checkString(value);
  let found: UnstorableText | undefined;
  // JSON.stringify visits every key and value exactly as the driver will serialise them.
  JSON.stringify(value, (key: string, item: unknown) => {
    found ??=
      checkString(key) ??
      (typeof item === 'string' ? checkString(item) : undefined);
    return item;
  });
  return found;
}

/** Refuses input that PostgreSQL cannot store, naming the field, before anything is written. */
export function refuseUnstorableText(value: unknown, field: string): void {
  const problem = findUnstorableText(value);
  if (problem === 'nul') {
    throw new ToolError(
      'invalid_input',
      `${field} contains the character U+0000 (NUL), which Docmost cannot store; remove it and call again. Nothing was written.`,
      { field },
    );
  }
  if (problem === 'surrogate') {
    throw new ToolError(
      'invalid_input',
      `${field} contains an unpaired UTF-16 surrogate (a lone \\uD800-\\uDFFF), which is not valid Unicode and cannot be stored; send the characters themselves. Nothing was written.`,
      { field },
    );
  }
}

/** Everything `checkString` refuses, to replace: U+0000 and the same unpaired surrogates. */
const UNSTORABLE_GLOBAL = new RegExp(
  `${String.raw`\u0000`}|${LONE_SURROGATE.source}`,
  'g',
);

/**
 * A copy of `value` PostgreSQL can store: U+0000 and unpaired surrogates in every string (keys
 * included) replaced by U+FFFD. For text nobody can be asked to correct, such as what a model
 * wrote into a chat turn: the turn is stored with a visible replacement instead of not at all.
 */
export function storableCopy<T>(value: T): T {
  if (findUnstorableText(value) === undefined) return value;
  return replaceUnstorable(value) as T;
}

function replaceUnstorable(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(UNSTORABLE_GLOBAL, '\uFFFD');
  if (Array.isArray(value)) return value.map(replaceUnstorable);
  if (value === null || typeof value !== 'object') return value;
  // What JSON.stringify will write: own enumerable keys (a toJSON is honoured first).
  const plain = (
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON: () => unknown }).toJSON()
      : value
  ) as Record<string, unknown>;
  if (plain === null || typeof plain !== 'object')
    return replaceUnstorable(plain);
  return Object.fromEntries(
    Object.entries(plain).map(([key, item]) => [
      key.replace(UNSTORABLE_GLOBAL, '\uFFFD'),
      replaceUnstorable(item),
    ]),
  );
}
