import { ToolError } from '../registry/tool-error';

export interface AdmissionLimits {
  /** Runs in progress at once, all users together. */
  readonly maxRunning: number;
  /** Runs one user may have in progress or waiting. */
  readonly maxPerUser: number;
  /** Longest wait for a free slot, in milliseconds. */
  readonly maxQueueWaitMs: number;
}

interface Waiter {
  readonly admit: () => void;
  readonly timer: NodeJS.Timeout;
}

/** Releases an admitted slot; calling it more than once releases it once. */
export type ReleaseSlot = () => void;

/**
 * Admission to the heavy-work pool: at most `maxRunning` runs at once, at most `maxPerUser` per
 * user counting the ones still waiting, first come first served, and no wait longer than
 * `maxQueueWaitMs`. A refusal is a ToolError the model can read (retry later, or do less).
 */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perUser = new Map<string, number>();

  constructor(private readonly limits: AdmissionLimits) {}

  /** Runs in progress and waiting now, for health reports and tests. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async enter(userId: string, label: string): Promise<ReleaseSlot> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.maxPerUser) {
      throw new ToolError(
        'limit_exceeded',
        `${label} was refused: you already have ${mine} heavy operations (transforms, diffs, conversions of large pages) in progress, the most one user may run at once; wait for them to finish, then call again.`,
        { reason: 'per_user_limit', limit: this.limits.maxPerUser },
      );
    }
    this.perUser.set(userId, mine + 1);
    try {
      await this.slot(label);
    } catch (error) {
      this.leave(userId);
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.leave(userId);
      this.waiting.shift()?.admit();
    };
  }

  private slot(label: string): Promise<void> {
    if (this.running < this.limits.maxRunning) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          this.running++;
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index !== -1) this.waiting.splice(index, 1);
          reject(
            new ToolError(
              'limit_exceeded',
              `${label} was refused: the server is busy with other heavy operations and no slot freed up within ${this.limits.maxQueueWaitMs} ms; try again in a moment.`,
              {
                reason: 'queue_wait',
                maxQueueWaitMs: this.limits.maxQueueWaitMs,
              },
            ),
          );
        }, this.limits.maxQueueWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private leave(userId: string): void {
    const remaining = (this.perUser.get(userId) ?? 1) - 1;
    if (remaining > 0) this.perUser.set(userId, remaining);
    else this.perUser.delete(userId);
  }
}
