import type { ToolInterceptor } from '../registry/tool-interceptor';
import { AdmissionGate } from '../workers/admission-gate';
import {
  resolveCallsPerUserLimits,
  type CallsPerUserOptions,
} from './calls-per-user-options';

/**
 * The outermost interceptor of every tool call: a user's call beyond its running share waits
 * (first come, first served) before anything of it runs, the comment signal's queries included,
 * and a call over the user's count is refused at once. Other users never wait behind it: there
 * is no global limit here (the heavy-work pool keeps its own). A call whose caller goes away
 * while it waits (the chat turn aborted) leaves the queue.
 */
export function createCallsPerUserLimit(
  options: CallsPerUserOptions = {},
): ToolInterceptor {
  const limits = resolveCallsPerUserLimits(options);
  const gate = new AdmissionGate({
    maxRunning: Number.POSITIVE_INFINITY,
    runningPerUser: limits.running,
    maxPerUser: limits.maxInProgress,
    maxQueueWaitMs: limits.maxQueueWaitMs,
    what: 'tool calls',
    busyReason: 'your other tool calls are still running',
  });
  return async (invocation, next) => {
    const release = await gate.enter(
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
