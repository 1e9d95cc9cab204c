import {
  perUserLimitRefusal,
  queueWaitRefusal,
  type AdmissionWords,
} from './admission-refusals';

export interface AdmissionLimits {
  /** Runs in progress at once, all users together. */
  readonly maxRunning: number;
  /** Runs one user may have in progress or waiting. */
  readonly maxPerUser: number;
  /** Longest wait for a free slot, in milliseconds. */
  readonly maxQueueWaitMs: number;
  /** Runs one user may have in progress at once. Default: all of `maxRunning` but one (at least one). */
  readonly runningPerUser?: number;
  /** What is admitted, in refusals. Default: heavy operations. */
  readonly what?: string;
  /**
   * Why a run that waited `maxQueueWaitMs` is refused, in the refusal. Default: the server is
   * busy with other runs of this kind.
   */
  readonly busyReason?: string;
}

interface Waiter {
  readonly userId: string;
  readonly admit: () => void;
  readonly timer: NodeJS.Timeout;
}

/** Releases an admitted slot; calling it more than once releases it once. */
export type ReleaseSlot = () => void;

/**
 * Admission to the heavy-work pool: at most `maxRunning` runs at once, at most `maxPerUser` per
 * user counting the ones still waiting, and no wait longer than `maxQueueWaitMs`. Fair: one
 * user runs on at most all threads but one (`runningShare`), so however slow their runs, one
 * thread stays for everyone else; waiting runs start first come first served among the users
 * still under their share. A refusal is a ToolError the model can read.
 */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perUser = new Map<string, number>();
  private readonly runningPerUser = new Map<string, number>();
  /** Runs one user may have in progress at once: every thread but one (at least one), unless set. */
  readonly runningShare: number;

  private readonly words: AdmissionWords;

  constructor(private readonly limits: AdmissionLimits) {
    this.runningShare =
      limits.runningPerUser ?? Math.max(1, limits.maxRunning - 1);
    const what =
      limits.what ??
      'heavy operations (transforms, diffs, conversions of large pages)';
    this.words = {
      what,
      busyReason: limits.busyReason ?? `the server is busy with other ${what}`,
    };
  }

  /** Runs in progress and waiting now, for health reports and tests. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Takes a slot for `userId`, waiting for one if needed; `signal` aborting while it waits
   * takes it out of the queue (the caller went away) and rejects with the signal's reason.
   */
  async enter(
    userId: string,
    label: string,
    signal?: AbortSignal,
  ): Promise<ReleaseSlot> {
    signal?.throwIfAborted();
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.maxPerUser) {
      throw perUserLimitRefusal(
        this.words,
        label,
        mine,
        this.limits.maxPerUser,
      );
    }
    this.perUser.set(userId, mine + 1);
    try {
      await this.slot(userId, label, signal);
    } catch (error) {
      this.leave(userId);
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.decrement(this.runningPerUser, userId);
      this.leave(userId);
      this.admitWaiting();
    };
  }

  private canRun(userId: string): boolean {
    return (
      this.running < this.limits.maxRunning &&
      (this.runningPerUser.get(userId) ?? 0) < this.runningShare
    );
  }

  private start(userId: string): void {
    this.running++;
    this.runningPerUser.set(userId, (this.runningPerUser.get(userId) ?? 0) + 1);
  }

  /** Starts the oldest waiting runs whose users are under their share, while threads are free. */
  private admitWaiting(): void {
    for (let index = 0; index < this.waiting.length;) {
      if (this.running >= this.limits.maxRunning) return;
      const waiter = this.waiting[index]!;
      if (this.canRun(waiter.userId)) {
        this.waiting.splice(index, 1);
        waiter.admit();
      } else {
        index++;
      }
    }
  }

  private slot(
    userId: string,
    label: string,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (this.canRun(userId)) {
      this.start(userId);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        if (this.dequeue(waiter)) reject(signal!.reason);
      };
      const waiter: Waiter = {
        userId,
        admit: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          this.start(userId);
          resolve();
        },
        timer: setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          this.dequeue(waiter);
          reject(
            queueWaitRefusal(this.words, label, this.limits.maxQueueWaitMs),
          );
        }, this.limits.maxQueueWaitMs),
      };
      this.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Takes a waiter out of the queue; false when it already left (admitted or timed out). */
  private dequeue(waiter: Waiter): boolean {
    const index = this.waiting.indexOf(waiter);
    if (index === -1) return false;
    this.waiting.splice(index, 1);
    clearTimeout(waiter.timer);
    return true;
  }

  private leave(userId: string): void {
    this.decrement(this.perUser, userId);
  }

  private decrement(counts: Map<string, number>, userId: string): void {
    const remaining = (counts.get(userId) ?? 1) - 1;
    if (remaining > 0) counts.set(userId, remaining);
    else counts.delete(userId);
  }
}
