import { Logger } from '@nestjs/common';
import type { ToolInterceptor } from '../registry';
import { AdmissionGate, type ReleaseSlot } from '../workers';
import {
  resolveCallsPerUserLimits,
  TOOL_CALL_WORDS,
  type CallsPerUserOptions,
} from './calls-per-user-options';
import { RedisCallsGate } from './redis-calls-gate';
import { errorMessage, ToolError } from '../ground';

/**
 * The outermost interceptor of every tool call: a user's call beyond its running share waits
 * (first come, first served) before anything of it runs, the comment signal's queries included,
 * and a call over the user's count is refused at once. Other users never wait behind it: there
 * is no global limit here (the heavy-work pool keeps its own). A call whose caller goes away
 * while it waits (the chat turn aborted) leaves the queue.
 *
 * With `redis`, a user's calls are counted on every instance sharing that Redis; when Redis
 * does not answer, each call is admitted by this instance's own count instead (and logged), so
 * an outage of Redis never stops the tools.
 */
export function createCallsPerUserLimit(
  options: CallsPerUserOptions = {},
): ToolInterceptor {
  const limits = resolveCallsPerUserLimits(options);
  const local = new AdmissionGate({
    maxRunning: Number.POSITIVE_INFINITY,
    runningPerUser: limits.running,
    maxPerUser: limits.maxInProgress,
    maxQueueWaitMs: limits.maxQueueWaitMs,
    ...TOOL_CALL_WORDS,
  });
  const logger = new Logger('CallsPerUser');
  const cluster =
    options.redis === undefined
      ? undefined
      : new RedisCallsGate({
          redis: options.redis,
          limits,
          leaseMs: limits.redisLeaseMs,
          pollMs: limits.redisPollMs,
          redisTimeoutMs: limits.redisTimeoutMs,
        });

  const enter = async (
    userId: string,
    label: string,
    signal: AbortSignal | undefined,
  ): Promise<ReleaseSlot> => {
    if (cluster === undefined) return local.enter(userId, label, signal);
    try {
      return await cluster.enter(userId, label, signal);
    } catch (error) {
      if (error instanceof ToolError || signal?.aborted) throw error;
      logger.warn(
        `Redis did not count a tool call (${errorMessage(error)}): this instance admitted it by its own count`,
      );
      return local.enter(userId, label, signal);
    }
  };

  return async (invocation, next) => {
    const release = await enter(
      invocation.context.userId,
      invocation.spec.name,
      invocation.context.abortSignal,
    );
    try {
      return await next();
    } finally {
      release();
    }
  };
}
