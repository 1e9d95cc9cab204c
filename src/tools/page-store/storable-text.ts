import { ToolError } from '../../registry/tool-error';

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
