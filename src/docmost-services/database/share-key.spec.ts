import { generateShareKey } from './share-key';

describe('generateShareKey', () => {
  it("draws keys in Docmost's format: 10 characters of [0-9a-z], distinct", () => {
    const keys = Array.from({ length: 500 }, () => generateShareKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]{10}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
