import type { MeterProvider } from '@opentelemetry/api';

/** Nest injection token of the resolved `stats` option (`false` when recording is off). */
export const TURN_STATS_OPTIONS = Symbol('TURN_STATS_OPTIONS');

/**
 * Per-turn figures of the in-app chat (option `stats`): a row per turn in the module's table
 * `ai_tools_turn_stats`, the admin route over them, and OpenTelemetry metrics.
 */
export interface TurnStatsOptions {
  /** Rows older than this many days are deleted, a small batch at a time. Default 90. */
  readonly retentionDays?: number;
  /**
   * Write rows to the table (and answer the admin route). Default true; `false` keeps the
   * OpenTelemetry metrics only.
   */
  readonly store?: boolean;
  /**
   * Tokens of one tool definition's JSON (`{ type: 'function', function: { name, description,
   * parameters } }`), counted once per definition when a turn binds it. Default: UTF-8 bytes / 4
   * rounded up (OpenAI's rule of thumb; against o200k_base it reads 3.7 % high on the 41
   * built-in definitions). Pass an exact tokenizer's count to match your model's.
   */
  readonly countTokens?: (text: string) => number;
  /**
   * Where the metrics go. Default: the global provider (`metrics.getMeterProvider()` of
   * `@opentelemetry/api`), read at each turn's end: a no-op until the host registers one.
   */
  readonly meterProvider?: MeterProvider;
  /** Rows deleted per prune statement. Default 1,000. */
  readonly pruneBatchSize?: number;
  /** Least time between two prunes of one process. Default one hour. */
  readonly pruneIntervalMs?: number;
}

export interface ResolvedTurnStatsOptions {
  readonly retentionDays: number;
  readonly store: boolean;
  readonly countTokens: (text: string) => number;
  readonly meterProvider?: MeterProvider;
  readonly pruneBatchSize: number;
  readonly pruneIntervalMs: number;
}

/** OpenAI's documented rule of thumb: about 4 characters (here bytes) of English per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

function positiveInteger(
  value: number,
  field: string,
  meaning: string,
): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(
      `stats.${field} must be a positive integer (${meaning}), got ${String(value)}`,
    );
  return value;
}

/** The options with their defaults; a bad value stops the boot naming the field. */
export function resolveTurnStatsOptions(
  options: TurnStatsOptions = {},
): ResolvedTurnStatsOptions {
  return {
    retentionDays: positiveInteger(
      options.retentionDays ?? 90,
      'retentionDays',
      'days a turn row is kept',
    ),
    store: options.store ?? true,
    countTokens: options.countTokens ?? estimateTokens,
    ...(options.meterProvider === undefined
      ? {}
      : { meterProvider: options.meterProvider }),
    pruneBatchSize: positiveInteger(
      options.pruneBatchSize ?? 1_000,
      'pruneBatchSize',
      'rows deleted per prune statement',
    ),
    pruneIntervalMs: positiveInteger(
      options.pruneIntervalMs ?? 3_600_000,
      'pruneIntervalMs',
      'milliseconds between two prunes',
    ),
  };
}
