import { availableParallelism } from 'node:os';
import { resolvePositiveLimits } from './positive-limits';

/**
 * Limits of the worker-thread pool that runs CPU-heavy tool work (transform scripts, version
 * diffs, Markdown conversion, text edits on large pages) off the server's event loop.
 * Every field is optional; see the defaults.
 */
export interface HeavyWorkOptions {
  /**
   * Worker threads, which is also the most heavy runs in progress at once across all users
   * (the global limit). Default: the machine's CPUs minus one for the event loop, from 2 to 4.
   */
  readonly threads?: number;
  /**
   * Heavy runs one user may have in progress or waiting at once; one more is refused at once
   * with a limit error, so one caller cannot fill the queue. Default 2.
   */
  readonly maxRunsPerUser?: number;
  /**
   * How long a run may wait for a free thread, in milliseconds, before it is refused as "server
   * busy". Default 5000.
   */
  readonly maxQueueWaitMs?: number;
  /**
   * Hard deadline of one run once a worker has started it, in milliseconds: past it the worker
   * is terminated (and replaced) and the tool answers a limit error. Default 10,000.
   */
  readonly deadlineMs?: number;
  /**
   * Hard deadline of one transformPage run (script, validation and diff of its result), in
   * milliseconds. The sandbox stops a script's own loops at its time limit (1 s by default);
   * this catches a single built-in call (`indexOf` on a huge string, a typed-array sort) that
   * the sandbox cannot interrupt. Default 5000.
   */
  readonly transformDeadlineMs?: number;
  /**
   * Documents (or Markdown texts) smaller than this many characters are processed on the
   * calling thread: for them a worker round trip costs more than the work. Default 100,000.
   */
  readonly inProcessMaxChars?: number;
  /** V8 heap limit of each worker, in MiB: a run that exceeds it kills its worker only. Default 1024. */
  readonly workerHeapMb?: number;
  /**
   * Pages whose document is this many characters of JSON or more are large: a tool call that
   * reads one is admitted like heavy work (at most `threads` such calls at once, one user on
   * every thread but one, at most `maxLargeDocumentCallsPerUser` running or waiting per user),
   * so one user hammering a multi-megabyte page cannot hold the event loop. Default 500,000.
   */
  readonly largeDocumentChars?: number;
  /** Tool calls on large pages one user may have running or waiting; one more is refused at once. Default 8. */
  readonly maxLargeDocumentCallsPerUser?: number;
}

export type HeavyWorkLimits = Required<HeavyWorkOptions>;

function defaultThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism() - 1));
}

export function defaultHeavyWorkLimits(): HeavyWorkLimits {
  return {
    threads: defaultThreads(),
    maxRunsPerUser: 2,
    maxQueueWaitMs: 5_000,
    deadlineMs: 10_000,
    transformDeadlineMs: 5_000,
    inProcessMaxChars: 100_000,
    workerHeapMb: 1024,
    largeDocumentChars: 500_000,
    maxLargeDocumentCallsPerUser: 8,
  };
}

const INTEGER_FIELDS: ReadonlySet<keyof HeavyWorkLimits> = new Set([
  'threads',
  'maxRunsPerUser',
  'maxLargeDocumentCallsPerUser',
]);

/** The options with defaults filled in; a value that is not a positive number is a configuration error. */
export function resolveHeavyWorkLimits(
  options: HeavyWorkOptions = {},
): HeavyWorkLimits {
  return resolvePositiveLimits(
    'HeavyWorkOptions',
    defaultHeavyWorkLimits(),
    options,
    INTEGER_FIELDS,
  );
}
