import { HEAVY_TASKS, type HeavyTaskName } from './heavy-tasks';
import { transportError, type TransportedError } from './transported-error';

export interface HeavyTaskMessage {
  readonly name: HeavyTaskName;
  readonly input: unknown;
  /**
   * Eight shared bytes where the worker writes the time (Date.now()) it started the task: the
   * deadline counts from there, not from a wait for a replacement worker to start.
   */
  readonly startedAt: SharedArrayBuffer;
}

export type HeavyTaskOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: TransportedError };

/** The function piscina calls in each worker (by this export name). */
export async function runHeavyTask(
  message: HeavyTaskMessage,
): Promise<HeavyTaskOutcome> {
  Atomics.store(new BigInt64Array(message.startedAt), 0, BigInt(Date.now()));
  const task = HEAVY_TASKS[message.name] as
    ((input: unknown) => unknown) | undefined;
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
