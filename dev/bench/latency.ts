import { performance } from 'node:perf_hooks';

/** Percentiles of a set of timings, in milliseconds (three decimals). */
export interface LatencySummary {
  readonly runs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly meanMs: number;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The nearest-rank percentile (`p` from 0 to 100) of samples sorted ascending. */
export function percentile(
  sortedSamples: readonly number[],
  p: number,
): number {
  if (sortedSamples.length === 0)
    throw new RangeError('percentile of no samples');
  if (!(p >= 0 && p <= 100))
    throw new RangeError(`percentile ${p} is outside 0..100`);
  const rank = Math.max(1, Math.ceil((p / 100) * sortedSamples.length));
  return sortedSamples[rank - 1]!;
}

export function summarizeLatencies(
  samplesMs: readonly number[],
): LatencySummary {
  const sorted = [...samplesMs].sort((left, right) => left - right);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return {
    runs: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    meanMs: round(mean),
  };
}

/** The difference of two summaries' percentiles: what one costs over the other. */
export function latencyDifference(
  measured: LatencySummary,
  baseline: LatencySummary,
): { readonly p50Ms: number; readonly p95Ms: number } {
  return {
    p50Ms: round(measured.p50Ms - baseline.p50Ms),
    p95Ms: round(measured.p95Ms - baseline.p95Ms),
  };
}

/** Milliseconds one run of `body` takes. */
export async function timeOnce(
  body: () => Promise<unknown> | unknown,
): Promise<number> {
  const startedAt = performance.now();
  await body();
  return performance.now() - startedAt;
}

/** Runs `body` `runs` times in a row and returns each run's milliseconds. */
export async function timeRuns(
  runs: number,
  body: (run: number) => Promise<unknown> | unknown,
): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++)
    samples.push(await timeOnce(() => body(run)));
  return samples;
}

/** Latency with its 99th percentile, which a live edit's tail is judged by. */
export interface LiveLatency extends LatencySummary {
  readonly p99Ms: number;
}
