import { ToolError } from '../ground';
import { readStoredDocument, type ProseMirrorNode } from '../document';

/**
 * Most characters one reading tool returns (its result as JSON): about 50,000 tokens. Without a
 * bound a single getPageJson call returned 10.8 MB, more than any model's context, which the
 * chat then stored and resent with every later step.
 */
export const MAX_READ_OUTPUT_CHARS = 200_000;

export function outputChars(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

export interface OutputLimit {
  /** What the result holds, for the message: `page "Roadmap" as ProseMirror JSON`. */
  readonly what: string;
  /** Where to read it instead: the paging or narrower tools, or stashPage. */
  readonly readInstead: string;
  readonly limit?: number;
}

/**
 * The refusal of an output of `chars` characters as JSON, or undefined when it fits. With
 * `atLeast`, `chars` is a lower bound (measured without serialising the output).
 */
function oversizedOutput(
  chars: number,
  options: OutputLimit & { readonly atLeast?: boolean },
): ToolError | undefined {
  const limit = options.limit ?? MAX_READ_OUTPUT_CHARS;
  if (chars <= limit) return undefined;
  return new ToolError(
    'limit_exceeded',
    `${options.what} is ${options.atLeast ? 'at least ' : ''}${chars} characters as JSON, over the limit of ${limit} for one tool result; ${options.readInstead}`,
    { chars, limit },
  );
}

/** Returns the output when it fits; otherwise refuses it, naming its size and how to read it in parts. */
export function refuseOversizedOutput<Output>(
  output: Output,
  options: OutputLimit,
): Output {
  const refusal = oversizedOutput(outputChars(output), options);
  if (refusal) throw refusal;
  return output;
}

/**
 * `envelope` with `content`, the document whose stored JSON text (`content::text`) is `stored`,
 * refused as `refuseOversizedOutput` refuses it. One that cannot fit is refused from the text
 * alone, never parsed only to be measured: PostgreSQL's text of a jsonb value spaces each `:`
 * and `,`, so the compact JSON is at least half as long.
 */
export function refuseOversizedStoredDocument<Envelope extends object>(
  envelope: Envelope,
  stored: string,
  options: OutputLimit,
): Envelope & { readonly content: ProseMirrorNode } {
  const atLeast =
    outputChars({ ...envelope, content: 0 }) - 1 + Math.ceil(stored.length / 2);
  const refusal = oversizedOutput(atLeast, { ...options, atLeast: true });
  if (refusal) throw refusal;
  return refuseOversizedOutput(
    { ...envelope, content: readStoredDocument(stored) },
    options,
  );
}

export interface FittedItems<Item> {
  readonly kept: readonly Item[];
  readonly omitted: readonly Item[];
}

/**
 * The leading items whose JSON fits in `budget` characters (at least none, never a partial
 * item), and the rest: for results that stay useful cut short, with a note saying what was left.
 */
export function fitItems<Item>(
  items: readonly Item[],
  budget: number,
): FittedItems<Item> {
  let used = 2;
  let count = 0;
  for (const item of items) {
    used += outputChars(item) + 1;
    if (used > budget) break;
    count++;
  }
  return { kept: items.slice(0, count), omitted: items.slice(count) };
}
