import fc from 'fast-check';
import { generateKeyBetween, isValidOrderKey } from './fractional-index';

describe('generateKeyBetween', () => {
  it('produces the keys of the fractional-indexing package for the usual cases', () => {
    expect(generateKeyBetween(null, null)).toBe('a0');
    expect(generateKeyBetween('a0', null)).toBe('a1');
    expect(generateKeyBetween(null, 'a0')).toBe('Zz');
    expect(generateKeyBetween('a0', 'a1')).toBe('a0V');
    expect(generateKeyBetween('az', null)).toBe('b00');
    expect(generateKeyBetween('a0V', 'a1')).toBe('a0l');
  });

  it('rejects invalid neighbours', () => {
    expect(isValidOrderKey('a0')).toBe(true);
    expect(isValidOrderKey('a10')).toBe(false);
    expect(isValidOrderKey('')).toBe(false);
    expect(isValidOrderKey('a-')).toBe(false);
    expect(() => generateKeyBetween('a1', 'a0')).toThrow(RangeError);
  });

  it('always sorts strictly between its neighbours, byte-wise, with valid keys', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (choices) => {
          const keys: string[] = [];
          for (const choice of choices) {
            const index = choice % (keys.length + 1);
            const key = generateKeyBetween(
              keys[index - 1] ?? null,
              keys[index] ?? null,
            );
            if (!isValidOrderKey(key)) return false;
            keys.splice(index, 0, key);
          }
          return keys.every(
            (key, index) =>
              index === 0 ||
              Buffer.compare(Buffer.from(keys[index - 1]!), Buffer.from(key)) <
                0,
          );
        },
      ),
    );
  });
});
