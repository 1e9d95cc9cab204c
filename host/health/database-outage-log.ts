import { Injectable, Logger } from '@nestjs/common';

/** One warning per interval at most while the database is unreachable. */
export const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * While the database is down every request fails the same way; a stack per request buried the
 * log (25,000 lines in 15 s). This logs the first failure at once, then one line per interval
 * with how many requests failed meanwhile, and one line when the database answers again.
 */
@Injectable()
export class DatabaseOutageLog {
  private readonly logger = new Logger('Database');
  private down = false;
  private lastLoggedAt = 0;
  private suppressed = 0;

  constructor(
    private readonly intervalMs = OUTAGE_LOG_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request failed because the database did not answer. */
  failed(reason: string): void {
    const now = this.now();
    if (this.down && now - this.lastLoggedAt < this.intervalMs) {
      this.suppressed += 1;
      return;
    }
    const meanwhile =
      this.suppressed > 0
        ? ` (${this.suppressed} more failed requests since the last line)`
        : '';
    this.logger.warn(
      `database unavailable, answering 503: ${reason}${meanwhile}`,
    );
    this.down = true;
    this.lastLoggedAt = now;
    this.suppressed = 0;
  }

  /** The database answered; logs the recovery once. */
  answered(): void {
    if (!this.down) return;
    const meanwhile =
      this.suppressed > 0
        ? ` (${this.suppressed} more failed requests since the last line)`
        : '';
    this.logger.warn(`database reachable again${meanwhile}`);
    this.down = false;
    this.suppressed = 0;
  }
}
