import { Worker } from 'node:worker_threads';
import {
  eventLoopStallsBetween,
  type ServerUnderTest,
} from '../../support/server-under-test';

/**
 * The probe's loop, in a worker thread of its own: the test's own thread serialises megabytes
 * of tool arguments and applies an editor's updates, and a probe on that thread measured those
 * stalls too (an 885 ms "health answer" while the server's event loop was free).
 */
const PROBE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => { running = false; });
const ask = async () => {
  const response = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) });
  await response.json();
};
(async () => {
  // Uncounted: a worker's first fetch loads the HTTP client and opens the connection.
  await ask();
  parentPort.postMessage({ ready: true });
  const latencies = [];
  while (running) {
    const startedAt = performance.now();
    await ask();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ latencies });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;
/** What a probe saw, and the server's own event-loop stalls meanwhile. */
export interface HealthFigures {
  readonly samples: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /**
   * The longest stall of the server's event loop while the probe ran, and how many lasted
   * 100 ms or more; 0 when none of 20 ms or more (the server must record them, see
   * `recordEventLoopStalls`).
   */
  readonly serverStallMax: number;
  readonly serverStallsOver100: number;
}

/**
 * Polls /api/health one request after another, as an outside client would (from a thread of
 * its own), and keeps each latency.
 */
export class HealthProbe {
  private readonly startedAt = Date.now();

  private constructor(
    private readonly server: ServerUnderTest,
    private readonly worker: Worker,
    private readonly done: Promise<readonly number[]>,
  ) {}

  /** Starts polling; resolves once the probe's connection is open and its first answer in. */
  static async start(server: ServerUnderTest): Promise<HealthProbe> {
    const worker = new Worker(PROBE_LOOP, {
      eval: true,
      workerData: { url: `${server.baseUrl}/api/health` },
    });
    type Outcome = { ready?: true; latencies?: number[]; error?: string };
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const done = new Promise<readonly number[]>((resolve, reject) => {
      const fail = (error: Error) => {
        failed(error);
        reject(error);
      };
      worker.on('message', (outcome: Outcome) => {
        if (outcome.ready) ready();
        else if (outcome.error !== undefined)
          fail(new Error(`health probe failed: ${outcome.error}`));
        else resolve(outcome.latencies!);
      });
      worker.once('error', fail);
    });
    done.catch(() => undefined);
    await started;
    return new HealthProbe(server, worker, done);
  }

  async stop(): Promise<HealthFigures> {
    this.worker.postMessage('stop');
    const latencies = await this.done.finally(() => this.worker.terminate());
    const stalls = eventLoopStallsBetween(
      this.server,
      this.startedAt,
      Date.now(),
    ).map((stall) => stall.ms);
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
      serverStallMax: Math.max(0, ...stalls),
      serverStallsOver100: stalls.filter((ms) => ms >= 100).length,
    };
  }
}

/** A probe's figures as RELIABILITY.md quotes them. */
export function describeHealth(figures: HealthFigures): string {
  return `${Math.round(figures.p50)} / ${Math.round(figures.p99)} / ${Math.round(figures.max)} ms (${figures.samples} requests); server event loop: longest stall ${figures.serverStallMax} ms, ${figures.serverStallsOver100} of 100 ms or more`;
}
