import { API_TOKEN_PREFIX, generateApiToken, hashApiToken } from './api-token';

describe('API tokens', () => {
  it('are prefixed, random and long enough not to be guessed', () => {
    const tokens = new Set(
      Array.from({ length: 50 }, () => generateApiToken()),
    );
    expect(tokens.size).toBe(50);
    for (const token of tokens)
      expect(token).toMatch(
        new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`),
      );
  });

  it('are stored as their sha256 hex digest', () => {
    expect(hashApiToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashApiToken(generateApiToken())).toMatch(/^[0-9a-f]{64}$/);
  });
});
