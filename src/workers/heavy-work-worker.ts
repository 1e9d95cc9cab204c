import type { HeavyTaskTable } from './heavy-task-table';
import { transportError, type TransportedError } from './transported-error';

export interface HeavyTaskMessage {
  /** The module exporting the task table as `HEAVY_TASKS` (see `HeavyTasks`). */
  readonly tasksModule: string;
  readonly name: string;
  readonly input: unknown;
  /**
   * Eight shared bytes where the worker writes the time (Date.now()) it started the task: the
   * pool tells a run stopped while its worker was still starting from one stopped while running.
   */
  readonly startedAt: SharedArrayBuffer;
}

/** Sent once per worker when the pool starts (`HeavyWorkPool.warm`). */
export interface WarmUpMessage {
  /** Loaded at warm-up, so the first run does not pay for it. */
  readonly tasksModule: string;
  /** Four shared bytes: how many workers have taken their warm-up message. */
  readonly warmUp: SharedArrayBuffer;
  /** How many workers the pool has. */
  readonly workers: number;
}

/** The longest a worker waits for the others to take their warm-up message. */
const WARM_UP_WAIT_MS = 60_000;

/**
 * Holds this worker until every worker of the pool has taken a warm-up message, so that each of
 * them gets exactly one and the pool's warm-up ends with every worker's modules loaded.
 */
/** The task table of `modulePath`; Node caches the module, so it loads once per worker. */
function tasksOf(modulePath: string): HeavyTaskTable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path the pool hands over at run time
  return (require(modulePath) as { HEAVY_TASKS: HeavyTaskTable }).HEAVY_TASKS;
}

function warmUp(message: WarmUpMessage): HeavyTaskOutcome {
  tasksOf(message.tasksModule);
  const arrived = new Int32Array(message.warmUp);
  Atomics.add(arrived, 0, 1);
  Atomics.notify(arrived, 0);
  const giveUpAt = Date.now() + WARM_UP_WAIT_MS;
  for (;;) {
    const count = Atomics.load(arrived, 0);
    const left = giveUpAt - Date.now();
    if (count >= message.workers || left <= 0) break;
    Atomics.wait(arrived, 0, count, left);
  }
  return { ok: true, value: null };
}

export type HeavyTaskOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: TransportedError };

/** The function piscina calls in each worker (by this export name). */
export async function runHeavyTask(
  message: HeavyTaskMessage | WarmUpMessage,
): Promise<HeavyTaskOutcome> {
  if ('warmUp' in message) return warmUp(message);
  Atomics.store(new BigInt64Array(message.startedAt), 0, BigInt(Date.now()));
  const tasks = tasksOf(message.tasksModule);
  const task = Object.hasOwn(tasks, message.name)
    ? tasks[message.name]
    : undefined;
  if (task === undefined)
    return {
      ok: false,
      error: {
        kind: 'other',
        name: 'Error',
        message: `unknown heavy task "${message.name}"`,
      },
    };
  try {
    return { ok: true, value: await task(message.input) };
  } catch (error) {
    return { ok: false, error: transportError(error) };
  }
}
