import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, far beyond guessing; 43 characters of base64url. */
const KEY_BYTES = 32;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateStashKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** What the table stores and is searched by. */
export function hashStashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether `key` could have come from `generateStashKey`; anything else is not looked up. */
export function isStashKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
