import { randomInt } from 'node:crypto';

/**
 * Docmost makes a share key as a 10-character nanoid over [0-9A-Za-z], lowercased, and looks
 * keys up case-insensitively (`lower(key)`): a key is 10 characters of [0-9a-z].
 */
const KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 10;

/** A share key in Docmost's format: 10 random characters of [0-9a-z] (about 51 bits), unguessable. */
export function generateShareKey(): string {
  let key = '';
  for (let index = 0; index < KEY_LENGTH; index++)
    key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}
