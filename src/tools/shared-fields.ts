import { z } from 'zod';

/** Input fields that several tool groups share, so their model-facing wording is written once. */

/**
 * Longest value an id field accepts (page, comment, space, history and block ids, slugIds,
 * versions). Real ones are at most 36 characters (a uuid); without a bound a 9.5 MB "id" was
 * sent to PostgreSQL and echoed back whole in the error.
 */
export const MAX_ID_LENGTH = 128;
export const ID_TOO_LONG = `too long for an id: at most ${MAX_ID_LENGTH} characters (a uuid has 36); copy the id exactly as a tool returned it`;

/** Longest paging cursor accepted: the ones tools return are far shorter. */
export const MAX_CURSOR_LENGTH = 512;
export const CURSOR_TOO_LONG = `too long for a cursor: at most ${MAX_CURSOR_LENGTH} characters; pass back the nextCursor a tool returned, unchanged`;

/** An id the model copies from a tool's answer: trimmed, 1 to `MAX_ID_LENGTH` characters. */
export function idField(description: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(MAX_ID_LENGTH, ID_TOO_LONG)
    .describe(description);
}

/** An id the model may leave out. */
export function optionalIdField(description: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(MAX_ID_LENGTH, ID_TOO_LONG)
    .optional()
    .describe(description);
}

/** A list tool's paging cursor: the `nextCursor` it returned, passed back; left out for the first page. */
export function cursorField(description: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(MAX_CURSOR_LENGTH, CURSOR_TOO_LONG)
    .optional()
    .describe(description);
}

/** How many items a list tool returns at most in one call: 1 to `max`, `defaultSize` when left out. */
export function batchSizeField(
  max: number,
  defaultSize: number,
  description: string,
) {
  return z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(defaultSize)
    .describe(description);
}

/** Longest page title accepted. */
const MAX_TITLE_LENGTH = 500;

/** A page title: trimmed, 1 to 500 characters. */
export function pageTitleField(description: string) {
  return z.string().trim().min(1).max(MAX_TITLE_LENGTH).describe(description);
}

/** Longest Markdown body a write accepts, in characters. */
export const MAX_MARKDOWN_LENGTH = 500_000;

/** A page body in Markdown, up to `MAX_MARKDOWN_LENGTH` characters. */
export function markdownField(description: string) {
  return z.string().max(MAX_MARKDOWN_LENGTH).describe(description);
}

export const pageIdField = idField('Page id or slugId.');

export const commentIdField = idField(
  'Comment id, from listComments or a [signal] line.',
);

/** Where getPage/getCurrentPage start and how much they return; shared so both read the same. */
export const pageTextWindowFields = {
  fromBlock: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'Top-level block (#<index>) to start from; a truncated result gives the next one.',
    ),
  maxChars: z
    .number()
    .int()
    .min(1000)
    .max(100_000)
    .default(20_000)
    .describe('Most characters of text to return, at most 100000.'),
};

/** The compare-and-set version of a page write, as getPageJson returned it. */
export const baseVersionField = optionalIdField(
  'Optional: the `version` returned by getPageJson when you read the page. If the page changed since (a human edited it), the write fails with a conflict and nothing is written. Omit to write over whatever is current.',
);
