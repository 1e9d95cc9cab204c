import { ToolError } from '../ground';
import { randomUUID } from 'node:crypto';
import {
  perUserLimitRefusal,
  queueWaitRefusal,
  type ReleaseSlot,
} from '../workers';
import {
  TOOL_CALL_WORDS,
  type CallsPerUserLimits,
} from './calls-per-user-options';
import {
  ADMIT_SCRIPT,
  PROMOTE_SCRIPT,
  RELEASE_SCRIPT,
  RENEW_SCRIPT,
  type CallsPerUserRedis,
} from './calls-per-user-redis';

export interface RedisCallsGateOptions {
  readonly redis: CallsPerUserRedis;
  readonly limits: CallsPerUserLimits;
  /** A call's hold on its slot, renewed while it runs; an instance that dies frees its slots after it. */
  readonly leaseMs: number;
  /** How often a waiting call looks for a slot a call on another instance freed. */
  readonly pollMs: number;
  /** Longest a Redis command may take before the call is admitted by this instance alone. */
  readonly redisTimeoutMs: number;
}

/** Redis did not answer in time: the call falls back to the instance's own limit. */
class RedisTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Redis did not answer within ${timeoutMs} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/**
 * The per-user limit across every instance sharing one Redis: a user's running calls and their
 * running-or-waiting calls are two sorted sets of leases (scored by expiry on Redis' clock), so
 * a call counts wherever it runs, and a crashed instance's calls stop counting once their
 * leases lapse. A waiting call takes a slot as soon as one frees on this instance, and looks
 * for slots freed elsewhere every `pollMs`. Waiting calls are admitted roughly, not strictly,
 * in arrival order across instances.
 */
export class RedisCallsGate {
  /** Wakes this instance's waiting calls of a user when one of that user's calls ends here. */
  private readonly wakers = new Map<string, Set<() => void>>();

  constructor(private readonly options: RedisCallsGateOptions) {}

  /**
   * A running slot for `userId`, waiting for one if needed. Rejects with a `limit_exceeded`
   * ToolError when the user is at its count or no slot frees up in time, with the signal's
   * reason when the caller goes away, and with the Redis failure when Redis does not answer
   * (the caller then falls back to its own limit).
   */
  async enter(
    userId: string,
    label: string,
    signal?: AbortSignal,
  ): Promise<ReleaseSlot> {
    signal?.throwIfAborted();
    const { limits, leaseMs } = this.options;
    const keys = keysOf(userId);
    const callId = randomUUID();
    const [state, inProgress] = (await this.run(
      ADMIT_SCRIPT,
      keys,
      callId,
      leaseMs,
      limits.running,
      limits.maxInProgress,
    )) as [number, number];
    if (state === -1) {
      throw perUserLimitRefusal(
        TOOL_CALL_WORDS,
        label,
        inProgress,
        limits.maxInProgress,
      );
    }
    const renewal = setInterval(
      () => void this.run(RENEW_SCRIPT, keys, callId, leaseMs).catch(() => {}),
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    const leave = () => {
      clearInterval(renewal);
      void this.run(RELEASE_SCRIPT, keys, callId)
        .catch(() => {})
        .finally(() => this.wake(userId));
    };
    if (state === 0) {
      try {
        await this.waitForSlot(userId, label, callId, signal);
      } catch (error) {
        leave();
        throw error;
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      leave();
    };
  }

  private async waitForSlot(
    userId: string,
    label: string,
    callId: string,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { limits, leaseMs, pollMs } = this.options;
    const deadline = performance.now() + limits.maxQueueWaitMs;
    for (;;) {
      const remaining = deadline - performance.now();
      if (remaining <= 0) {
        throw queueWaitRefusal(TOOL_CALL_WORDS, label, limits.maxQueueWaitMs);
      }
      await this.pause(userId, Math.min(pollMs, remaining), signal);
      const promoted = (await this.run(
        PROMOTE_SCRIPT,
        keysOf(userId),
        callId,
        leaseMs,
        limits.running,
      )) as number;
      if (promoted === 1) return;
      if (promoted === -1) {
        throw new ToolError(
          'limit_exceeded',
          `${label} was refused: its place in the queue lapsed; try again in a moment.`,
          { reason: 'queue_wait', maxQueueWaitMs: limits.maxQueueWaitMs },
        );
      }
    }
  }

  /** Until a call of the user ends here, `ms` pass, or the caller goes away (rejects). */
  private pause(
    userId: string,
    ms: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wakers = this.wakers.get(userId) ?? new Set<() => void>();
      this.wakers.set(userId, wakers);
      const finish = () => {
        clearTimeout(timer);
        wakers.delete(wakeUp);
        if (wakers.size === 0 && this.wakers.get(userId) === wakers)
          this.wakers.delete(userId);
        signal?.removeEventListener('abort', onAbort);
      };
      const wakeUp = () => {
        finish();
        resolve();
      };
      const onAbort = () => {
        finish();
        reject(signal!.reason);
      };
      const timer = setTimeout(wakeUp, ms);
      wakers.add(wakeUp);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private wake(userId: string): void {
    for (const wake of [...(this.wakers.get(userId) ?? [])]) wake();
  }

  private run(
    script: string,
    keys: readonly [string, string],
    ...args: (string | number)[]
  ): Promise<unknown> {
    const { redis, redisTimeoutMs } = this.options;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new RedisTimeoutError(redisTimeoutMs)),
        redisTimeoutMs,
      );
      timer.unref();
    });
    return Promise.race([
      redis.eval(script, 2, ...keys, ...args),
      timeout,
    ]).finally(() => clearTimeout(timer));
  }
}

/** One user's two sets; the hash tag keeps them in one slot of a Redis Cluster. */
function keysOf(userId: string): readonly [string, string] {
  return [
    `ai-tools:calls:{${userId}}:running`,
    `ai-tools:calls:{${userId}}:in-progress`,
  ];
}
