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
    // Without the host's own tool set, the figures compare with all tools active.
    expect(options.hostToolSet).toBeUndefined();
  });

  it("keeps the host's own tool set, its name trimmed", () => {
    expect(
      resolveTurnStatsOptions({
        hostToolSet: { name: " Docmost's own tools ", tokens: 5946 },
      }).hostToolSet,
    ).toEqual({ name: "Docmost's own tools", tokens: 5946 });
  });

  it.each([
    [
      { retentionDays: 0 },
      /stats\.retentionDays must be a positive integer.*got 0/,
    ],
    [{ pruneBatchSize: 1.5 }, /stats\.pruneBatchSize .*got 1\.5/],
    [{ pruneIntervalMs: Number.NaN }, /stats\.pruneIntervalMs .*got NaN/],
    [
      { hostToolSet: { name: '  ', tokens: 5946 } },
      /stats\.hostToolSet\.name must be a text of 1 to 100 characters .*got " {2}"/,
    ],
    [
      { hostToolSet: { name: "Docmost's own tools", tokens: 0 } },
      /stats\.hostToolSet\.tokens must be a positive integer \(tokens of the host's own tool definitions per model request\), got 0/,
    ],
  ])('refuses %j naming the field', (options, message) => {
    expect(() => resolveTurnStatsOptions(options)).toThrow(message);
  });
});
