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

export const pageIdField = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ID_LENGTH, ID_TOO_LONG)
  .describe('Page id or slugId.');

export const commentIdField = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ID_LENGTH, ID_TOO_LONG)
  .describe('Comment id, from listComments or a [signal] line.');

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
