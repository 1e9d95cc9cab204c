import { createHash } from 'node:crypto';
import { generateStashKey, hashStashKey, isStashKey } from './stash-key';

describe('stash keys', () => {
  it('are 256 random bits as 43 base64url characters, different every time', () => {
    const keys = Array.from({ length: 100 }, generateStashKey);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
      expect(isStashKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(100);
  });

  it('are stored as their sha256', () => {
    const key = generateStashKey();
    expect(hashStashKey(key)).toBe(
      createHash('sha256').update(key).digest('hex'),
    );
    expect(hashStashKey(key)).not.toContain(key);
  });

  it('refuse anything of another shape before a lookup', () => {
    expect(isStashKey('')).toBe(false);
    expect(isStashKey('a'.repeat(42))).toBe(false);
    expect(isStashKey(`${'a'.repeat(42)}/`)).toBe(false);
    expect(isStashKey(`${'a'.repeat(42)}\u0000`)).toBe(false);
  });
});
