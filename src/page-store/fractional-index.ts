import { generateJitteredKeyBetween } from 'fractional-indexing-jittered';

/**
 * Sidebar positions as Docmost keeps them: `pages.position` holds a fractional-index key
 * (base-62, compared byte-wise with collate "C"), which Docmost's page service generates with
 * `fractional-indexing-jittered`'s `generateJitteredKeyBetween` (a random tail, so two members
 * placing pages at the same spot at once rarely write the same key). The tools use the same
 * library and call, so a key they write is one Docmost could have written: it sorts among the
 * keys Docmost writes as the tool asked, and the next drag-and-drop in Docmost's sidebar reads it.
 */

const BASE_62 = /^[0-9A-Za-z]+$/;

/**
 * Whether `key` is a key the library accepts as a neighbour. The library itself checks only the
 * key's integer part, so the characters are checked here: a position holding anything else (a
 * hand-edited row) would make it generate keys that sort out of place.
 */
export function isValidOrderKey(key: string): boolean {
  if (!BASE_62.test(key)) return false;
  try {
    generateJitteredKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/**
 * A key sorting strictly between `before` and `after` (null: no bound on that side), as Docmost
 * generates one. Throws `RangeError` for invalid keys or `before >= after`.
 */
export function generateKeyBetween(
  before: string | null,
  after: string | null,
): string {
  for (const key of [before, after])
    if (key !== null && !isValidOrderKey(key))
      throw new RangeError(`invalid order key: ${key}`);
  if (before !== null && after !== null && before >= after)
    throw new RangeError(`${before} >= ${after}`);
  return generateJitteredKeyBetween(before, after);
}
