import fc from 'fast-check';
import { generateJitteredKeyBetween } from 'fractional-indexing-jittered';
import { generateKeyBetween, isValidOrderKey } from './fractional-index';

/** Byte-wise, as PostgreSQL orders `pages.position` with collate "C" (Docmost's sidebar order). */
const byteWise = (a: string, b: string) =>
  Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('page positions', () => {
  it('start where Docmost starts a level, and follow its keys', () => {
    // Docmost's page service: the first page of a level gets generateJitteredKeyBetween(null, null).
    expect(generateKeyBetween(null, null)).toMatch(/^a0/);
    expect(byteWise(generateKeyBetween('a0', null), 'a0')).toBeGreaterThan(0);
    expect(byteWise(generateKeyBetween(null, 'a0'), 'a0')).toBeLessThan(0);
  });

  it('accept every key Docmost writes as a neighbour (its random tail may end in 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (count) => {
        let key: string | null = null;
        for (let index = 0; index < count; index++) {
          key = generateJitteredKeyBetween(key, null);
          if (!isValidOrderKey(key)) return false;
        }
        return true;
      }),
    );
    // 1.7% of Docmost's keys between a0 and a1 end in 0: one of them, found so.
    let endingInZero = generateJitteredKeyBetween('a0', 'a1');
    while (!endingInZero.endsWith('0'))
      endingInZero = generateJitteredKeyBetween('a0', 'a1');
    expect(isValidOrderKey(endingInZero)).toBe(true);
    expect(byteWise(generateKeyBetween(endingInZero, 'a1'), 'a1')).toBeLessThan(
      0,
    );
  });

  it('refuse keys that are not base-62 fractional indexes, and neighbours out of order', () => {
    for (const key of ['', 'a-', 'a0 ', 'b', 'zz'])
      expect(isValidOrderKey(key)).toBe(false);
    expect(() => generateKeyBetween('a1', 'a0')).toThrow(RangeError);
    expect(() => generateKeyBetween('a-', null)).toThrow(RangeError);
  });

  it('sort as the tool asked among the keys Docmost writes on the same level', () => {
    // A level built by both writers: Docmost appends (generateJitteredKeyBetween(last, null), as
    // its page service and importer do), the tools insert at any place (movePage's first, last,
    // before and after a sibling). Every key lands where it was put, byte-wise.
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant({ writer: 'docmost' as const, place: 0 }),
            fc.record({
              writer: fc.constant('tools' as const),
              place: fc.nat(),
            }),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        (writes) => {
          const level: string[] = [];
          for (const { writer, place } of writes) {
            if (writer === 'docmost') {
              level.push(
                generateJitteredKeyBetween(level.at(-1) ?? null, null),
              );
              continue;
            }
            const index = place % (level.length + 1);
            level.splice(
              index,
              0,
              generateKeyBetween(
                level[index - 1] ?? null,
                level[index] ?? null,
              ),
            );
          }
          return level.every(
            (key, index) => index === 0 || byteWise(level[index - 1]!, key) < 0,
          );
        },
      ),
    );
  });
});
