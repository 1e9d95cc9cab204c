import { createHash, randomBytes } from 'node:crypto';

/** Marks a string as one of this host's tokens, so a leaked one is recognisable in logs and scanners. */
export const API_TOKEN_PREFIX = 'dmt_';

/** A new bearer token: the prefix and 32 random bytes (base64url). Shown once, never stored. */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * What `api_tokens.token_hash` stores. A plain sha256 is enough: the token carries 256 random
 * bits, so there is nothing to brute-force, and the lookup stays one indexed equality.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
