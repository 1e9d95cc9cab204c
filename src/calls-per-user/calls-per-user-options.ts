import { resolvePositiveLimits, type AdmissionWords } from '../workers';
import type { CallsPerUserRedis } from './calls-per-user-redis';

/**
 * How many tool calls one user may run at once, on both surfaces together. Every call reads the
 * database several times (the caller's page, its ancestors' permissions, the space membership)
 * before it does its work: without a limit, one client sending 30 calls at once queues 150
 * queries ahead of everyone else's in the host's pool, and every other user's request waits
 * behind them. Every field is optional; see the defaults.
 */
export interface CallsPerUserOptions {
  /** Calls one user may have running at once; the next ones wait for one of them to end. Default 4. */
  readonly running?: number;
  /**
   * Calls one user may have running or waiting; one more is refused at once with a limit error
   * the model can read. Default 32.
   */
  readonly maxInProgress?: number;
  /** Longest wait of a call for one of its user's running slots, in milliseconds, before it is refused. Default 30,000. */
  readonly maxQueueWaitMs?: number;
  /**
   * The host's Redis connection (an ioredis client; Docmost has one): the limits then count a
   * user's calls on every instance sharing it. Absent: each instance counts its own.
   */
  readonly redis?: CallsPerUserRedis;
  /** With `redis`: how long a call's slot is held without renewal (renewed every third of it while the call runs); a crashed instance's calls stop counting after it. Default 60,000. */
  readonly redisLeaseMs?: number;
  /** With `redis`: how often a waiting call looks for a slot freed on another instance (one freed on its own instance wakes it at once). Default 50. */
  readonly redisPollMs?: number;
  /** With `redis`: longest wait for Redis before this instance admits the call by its own count (and logs it). Default 1,000. */
  readonly redisTimeoutMs?: number;
}

/** The words of a refused tool call, whether this instance counted it or Redis did. */
export const TOOL_CALL_WORDS: AdmissionWords = {
  what: 'tool calls',
  busyReason: 'your other tool calls are still running',
};

export type CallsPerUserLimits = Required<Omit<CallsPerUserOptions, 'redis'>>;

export const CALLS_PER_USER_DEFAULTS: CallsPerUserLimits = Object.freeze({
  running: 4,
  maxInProgress: 32,
  maxQueueWaitMs: 30_000,
  redisLeaseMs: 60_000,
  redisPollMs: 50,
  redisTimeoutMs: 1_000,
});

const INTEGER_FIELDS: ReadonlySet<keyof CallsPerUserLimits> = new Set([
  'running',
  'maxInProgress',
]);

/** The options with defaults filled in; a value that is not a positive number is a configuration error. */
export function resolveCallsPerUserLimits(
  options: CallsPerUserOptions = {},
): CallsPerUserLimits {
  const limits = resolvePositiveLimits(
    'CallsPerUserOptions',
    CALLS_PER_USER_DEFAULTS,
    options,
    INTEGER_FIELDS,
  );
  if (limits.maxInProgress < limits.running) {
    throw new RangeError(
      `CallsPerUserOptions.maxInProgress (${limits.maxInProgress}) must be at least running (${limits.running}): it counts the running calls too`,
    );
  }
  return limits;
}
