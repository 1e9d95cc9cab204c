/** Polls /api/health one request after another and keeps each latency. */
export class HealthProbe {
  readonly latencies: number[] = [];
  private running = true;
  private readonly done: Promise<void>;

  constructor(private readonly url: string) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const startedAt = performance.now();
      const response = await fetch(this.url, {
        signal: AbortSignal.timeout(10_000),
      });
      await response.json();
      this.latencies.push(performance.now() - startedAt);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<{
    readonly samples: number;
    readonly p50: number;
    readonly p99: number;
    readonly max: number;
  }> {
    this.running = false;
    await this.done;
    const sorted = [...this.latencies].sort((a, b) => a - b);
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
