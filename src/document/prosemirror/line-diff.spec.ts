import fc from 'fast-check';
import { diffLines, type LineDiff } from './line-diff';

/** The `before` side rebuilt from a diff, and the `after` side. */
function sides(diff: LineDiff): { before: string[]; after: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  for (const part of diff.parts) {
    if (part.type !== 'added') before.push(...part.lines);
    if (part.type !== 'removed') after.push(...part.lines);
  }
  return { before, after };
}

function equalCount(diff: LineDiff): number {
  return diff.parts
    .filter((part) => part.type === 'equal')
    .reduce((sum, part) => sum + part.lines.length, 0);
}

/** Longest common subsequence length, the textbook way, for small inputs. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j]
          ? table[i + 1]![j + 1]! + 1
          : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  return table[0]![0]!;
}

const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), {
  maxLength: 30,
});

describe('diffLines', () => {
  it('describes the change exactly: both sides rebuild from the parts', () => {
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = diffLines(before, after);
        expect(sides(diff)).toEqual({ before, after });
        expect(diff.coarse).toBe(false);
      }),
    );
  });

  it('keeps a longest common subsequence when no line repeats on either side', () => {
    const distinct = fc.uniqueArray(
      fc.integer({ min: 0, max: 40 }).map(String),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(distinct, distinct, (before, after) => {
        expect(equalCount(diffLines(before, after))).toBe(
          lcsLength(before, after),
        );
      }),
    );
  });

  it('gives a stretch without unique lines an exact LCS', () => {
    // Every line occurs at least twice on each side: no anchors, so the LCS decides.
    const before = ['x', 'y', 'x', 'y', 'z', 'z'];
    const after = ['y', 'x', 'y', 'x', 'z', 'y', 'z'];
    const diff = diffLines(before, after);
    expect(equalCount(diff)).toBe(lcsLength(before, after));
    expect(sides(diff)).toEqual({ before, after });
  });

  it('lists removed lines before the added lines that replace them', () => {
    expect(diffLines(['x', 'old', 'y'], ['x', 'new', 'y']).parts).toEqual([
      { type: 'equal', lines: ['x'] },
      { type: 'removed', lines: ['old'] },
      { type: 'added', lines: ['new'] },
      { type: 'equal', lines: ['y'] },
    ]);
  });

  it('aligns thousands of edited paragraphs on the unchanged ones between them', () => {
    const before = Array.from(
      { length: 4_000 },
      (_, index) => `paragraph ${index}`,
    );
    const after = before.map((line, index) =>
      index % 2 === 0 ? `${line} edited` : line,
    );
    const diff = diffLines(before, after);
    expect(diff.coarse).toBe(false);
    expect(equalCount(diff)).toBe(2_000);
    expect(sides(diff)).toEqual({ before, after });
  });

  it('past the work limit reports the rest whole, still rebuilding both sides, and says it is coarse', () => {
    const before = Array.from(
      { length: 300 },
      (_, index) => `line ${index % 7}`,
    );
    const after = Array.from(
      { length: 300 },
      (_, index) => `line ${index % 5}`,
    );
    const diff = diffLines(before, after, { maxWork: 1_000 });
    expect(diff.coarse).toBe(true);
    expect(sides(diff)).toEqual({ before, after });
    expect(diffLines(before, after).coarse).toBe(false);
  });
});
