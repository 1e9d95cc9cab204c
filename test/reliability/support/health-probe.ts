import { Worker } from 'node:worker_threads';

/**
 * The probe's loop, in a worker thread of its own: the test's own thread serialises megabytes
 * of tool arguments and applies an editor's updates, and a probe on that thread measured those
 * stalls too (an 885 ms "health answer" while the server's event loop was free).
 */
const PROBE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const latencies = [];
  while (running) {
    const startedAt = performance.now();
    const response = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) });
    await response.json();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ latencies });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Polls /api/health one request after another, as an outside client would (from a thread of
 * its own), and keeps each latency.
 */
export class HealthProbe {
  private readonly worker: Worker;
  private readonly done: Promise<readonly number[]>;

  constructor(url: string) {
    this.worker = new Worker(PROBE_LOOP, { eval: true, workerData: { url } });
    this.done = new Promise((resolve, reject) => {
      this.worker.once(
        'message',
        (outcome: { latencies?: number[]; error?: string }) =>
          outcome.error === undefined
            ? resolve(outcome.latencies!)
            : reject(new Error(`health probe failed: ${outcome.error}`)),
      );
      this.worker.once('error', reject);
    });
  }

  async stop(): Promise<{
    readonly samples: number;
    readonly p50: number;
    readonly p99: number;
    readonly max: number;
  }> {
    this.worker.postMessage('stop');
    const latencies = await this.done.finally(() => this.worker.terminate());
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (quantile: number) =>
      sorted[
        Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))
      ]!;
    return {
      samples: sorted.length,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted[sorted.length - 1]!,
    };
  }
}
