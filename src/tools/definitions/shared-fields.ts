import { z } from 'zod';

/** Input fields that several tool groups share, so their model-facing wording is written once. */

export const pageIdField = z
  .string()
  .trim()
  .min(1)
  .describe('The page: its id (uuid) or slugId, as returned by searchPages, listPages, getPage or getCurrentPage.');

export const commentIdField = z
  .string()
  .trim()
  .min(1)
  .describe('The comment id (uuid), as returned by listComments, createComment or a [signal] line.');

/** Where getPage/getCurrentPage start and how much they return; shared so both read the same. */
export const pageTextWindowFields = {
  fromBlock: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Top-level block index (#<index>) to start from. Default 0; use the value a truncated result gives to read on.'),
  maxChars: z
    .number()
    .int()
    .min(1000)
    .max(100_000)
    .default(20_000)
    .describe('Most characters of page text to return, cut at a block boundary. Default 20000, at most 100000.'),
};
