/**
 * Loaded into the server under test with `node -r` (see `startServer`'s
 * `recordEventLoopStalls`): writes each stall of the server's event loop of at least
 * `MIN_STALL_MS` to stderr as `event-loop-stall <epoch ms when it began> <ms>` (the main thread's
 * only: worker threads inherit the preload). A client's
 * latency on this machine also holds the client's own work and the two cores it shares with
 * PostgreSQL and the server; the server's stalls are what the server's design decides.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const TICK_MS = 5;
const MIN_STALL_MS = 20;

// Worker threads inherit the preload; their loops are meant to be busy.
if (isMainThread) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const stall = now - last - TICK_MS;
    if (stall >= MIN_STALL_MS)
      process.stderr.write(
        `event-loop-stall ${Math.round(Date.now() - (now - last))} ${Math.round(stall)}\n`,
      );
    last = now;
  }, TICK_MS).unref();
}
