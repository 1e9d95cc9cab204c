import { setImmediate } from 'node:timers/promises';

/**
 * Resolves once the event loop has polled for I/O again, so requests that arrived meanwhile are
 * served before the caller goes on. One `setImmediate` is not enough when the caller runs in an
 * I/O callback (a request, a worker's message, a query's result): it runs right after that
 * callback, before the next poll, and the two stretches of work hold the loop as one. A second
 * one, queued from there, runs after the next poll.
 */
export async function yieldToEventLoop(): Promise<void> {
  await setImmediate();
  await setImmediate();
}
