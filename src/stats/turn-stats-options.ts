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
  /**
   * The tool set the host's chat sends without this package, for admins to compare the agent's
   * tool tokens per model request with: what they would pay without the package. `name` is
   * what the figures call it ("Docmost's own tools"), `tokens` its definitions' size per model
   * request, counted as `countTokens` counts the package's (measure it once where the host's
   * requests go out: the tool block of a host that never changes it is the same every request).
   * Default: none, and the figures compare with every tool of the turn sent on every request
   * (the package's tools and connected MCP servers', what deferred tools OFF sends).
   */
  readonly hostToolSet?: HostToolSet;
  /** Rows deleted per prune statement. Default 1,000. */
  readonly pruneBatchSize?: number;
  /** Least time between two prunes of one process. Default one hour. */
  readonly pruneIntervalMs?: number;
}

/** The host's own tool set, as `stats.hostToolSet` names and sizes it. */
export interface HostToolSet {
  /** What admins read the comparison as, e.g. "Docmost's own tools"; at most 100 characters. */
  readonly name: string;
  /** Tokens of its tool definitions per model request (a positive integer). */
  readonly tokens: number;
}

export interface ResolvedTurnStatsOptions {
  readonly retentionDays: number;
  readonly store: boolean;
  readonly countTokens: (text: string) => number;
  readonly meterProvider?: MeterProvider;
  readonly hostToolSet?: HostToolSet;
  readonly pruneBatchSize: number;
  readonly pruneIntervalMs: number;
}

const MAX_HOST_TOOL_SET_NAME_LENGTH = 100;

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

function hostToolSet(value: HostToolSet): HostToolSet {
  const name = typeof value?.name === 'string' ? value.name.trim() : '';
  if (name === '' || name.length > MAX_HOST_TOOL_SET_NAME_LENGTH)
    throw new RangeError(
      `stats.hostToolSet.name must be a text of 1 to ${MAX_HOST_TOOL_SET_NAME_LENGTH} characters (what admins read the comparison as, e.g. "Docmost's own tools"), got ${JSON.stringify(value?.name)}`,
    );
  return {
    name,
    tokens: positiveInteger(
      value.tokens,
      'hostToolSet.tokens',
      "tokens of the host's own tool definitions per model request",
    ),
  };
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
    ...(options.hostToolSet === undefined
      ? {}
      : { hostToolSet: hostToolSet(options.hostToolSet) }),
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
