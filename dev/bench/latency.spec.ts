import {
  latencyDifference,
  percentile,
  summarizeLatencies,
  timeRuns,
} from './latency';

describe('latency summaries', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });

  it('refuses no samples and percentiles outside 0..100', () => {
    expect(() => percentile([], 50)).toThrow('no samples');
    expect(() => percentile([1], 101)).toThrow('outside 0..100');
  });

  it('summarizes unsorted samples and differences two summaries', () => {
    const slow = summarizeLatencies([3, 1, 2, 10, 4]);
    expect(slow).toEqual({ runs: 5, p50Ms: 3, p95Ms: 10, meanMs: 4 });
    expect(
      latencyDifference(slow, summarizeLatencies([1, 1, 1, 1, 2])),
    ).toEqual({ p50Ms: 2, p95Ms: 8 });
  });

  it('times each run', async () => {
    const seen: number[] = [];
    const samples = await timeRuns(3, async (run) => {
      seen.push(run);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(seen).toEqual([0, 1, 2]);
    expect(samples).toHaveLength(3);
    // Timers may fire a hair early; what matters is that the wait is measured.
    for (const sample of samples) expect(sample).toBeGreaterThanOrEqual(4);
  });
});
