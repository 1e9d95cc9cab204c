import { resolvePositiveLimits } from '../workers/positive-limits';

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
}

export type CallsPerUserLimits = Required<CallsPerUserOptions>;

export const CALLS_PER_USER_DEFAULTS: CallsPerUserLimits = Object.freeze({
  running: 4,
  maxInProgress: 32,
  maxQueueWaitMs: 30_000,
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
