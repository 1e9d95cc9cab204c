import { percentile } from './latency';

/** Percentiles of a set of timings with the tail the large run reports (p99), in milliseconds. */
export interface TailLatency {
  readonly runs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
}

/** Microsecond precision: the interceptor's figures are tens of microseconds. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function summarizeTail(samplesMs: readonly number[]): TailLatency {
  const sorted = [...samplesMs].sort((left, right) => left - right);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return {
    runs: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(mean),
  };
}

/** `numerator / denominator` to two decimals (a ratio of two p50s). */
export function ratio(numerator: number, denominator: number): number {
  return denominator > 0
    ? Math.round((numerator / denominator) * 100) / 100
    : Number.POSITIVE_INFINITY;
}
