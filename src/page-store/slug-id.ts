import { randomInt } from 'node:crypto';

const ALPHABET =
  '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A page's short public id as Docmost makes them (nanoid's alphanumeric alphabet, 10
 * characters): what its URLs show (`/s/<space>/p/<slugId>`). Uniqueness is the caller's check.
 */
export function generateSlugId(): string {
  let slugId = '';
  for (let index = 0; index < 10; index++)
    slugId += ALPHABET[randomInt(ALPHABET.length)];
  return slugId;
}
