import { estimateTokens, resolveTurnStatsOptions } from './turn-stats-options';

describe('resolveTurnStatsOptions', () => {
  it('defaults: 90 days, rows stored, UTF-8 bytes / 4', () => {
    const options = resolveTurnStatsOptions();
    expect(options).toMatchObject({
      retentionDays: 90,
      store: true,
      pruneBatchSize: 1000,
      pruneIntervalMs: 3_600_000,
    });
    expect(options.countTokens('abcdefghi')).toBe(3);
    // Bytes, not characters: a Cyrillic letter is two.
    expect(estimateTokens('привет')).toBe(3);
  });

  it.each([
    [
      { retentionDays: 0 },
      /stats\.retentionDays must be a positive integer.*got 0/,
    ],
    [{ pruneBatchSize: 1.5 }, /stats\.pruneBatchSize .*got 1\.5/],
    [{ pruneIntervalMs: Number.NaN }, /stats\.pruneIntervalMs .*got NaN/],
  ])('refuses %j naming the field', (options, message) => {
    expect(() => resolveTurnStatsOptions(options)).toThrow(message);
  });
});
