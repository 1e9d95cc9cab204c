import { ToolError } from '../ground';
import { refusal } from '../ground/tool-refusal.fixture';
import { caller, getNode } from './calls-per-user.fixture';
import { createToolRegistry } from '../registry/create-tool-registry';
import type { ToolInterceptor } from '../registry/tool-interceptor';
import { createCallsPerUserLimit } from './calls-per-user-limit';
import { resolveCallsPerUserLimits } from './calls-per-user-options';

/**
 * A registry whose getNode runs until the test finishes it, behind the per-user limit and an
 * inner interceptor standing for the comment signal (which queries the database).
 */
function blockingRegistry(limit: ToolInterceptor) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const innerEntered: string[] = [];
  const registry = createToolRegistry({
    specs: [getNode],
    executors: {
      getNode: ({ block }) => {
        started.push(block);
        return new Promise<string>((resolve) =>
          finishers.set(block, () => resolve(block)),
        );
      },
    },
    interceptors: [
      limit,
      async (invocation, next) => {
        innerEntered.push((invocation.input as { block: string }).block);
        return next();
      },
    ],
  });
  const finish = (block: string) => finishers.get(block)!();
  return { registry, started, innerEntered, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createCallsPerUserLimit', () => {
  it("runs a user's calls up to its share; the next waits, running nothing (not even inner interceptors), while another user's call runs at once", async () => {
    const { registry, started, innerEntered, finish } = blockingRegistry(
      createCallsPerUserLimit({ running: 2 }),
    );
    const first = registry.call('getNode', { block: 'a1' }, caller('a'));
    const second = registry.call('getNode', { block: 'a2' }, caller('a'));
    const third = registry.call('getNode', { block: 'a3' }, caller('a'));
    const other = registry.call('getNode', { block: 'b1' }, caller('b'));
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(innerEntered).toEqual(['a1', 'a2', 'b1']);
    finish('b1');
    await expect(other).resolves.toEqual({ output: 'b1', notices: [] });
    finish('a1');
    await expect(first).resolves.toEqual({ output: 'a1', notices: [] });
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    finish('a2');
    finish('a3');
    await Promise.all([second, third]);
  });

  it("refuses a call over the user's count at once, in words the model can act on, and admits it again once calls end", async () => {
    const { registry, finish } = blockingRegistry(
      createCallsPerUserLimit({ running: 1, maxInProgress: 2 }),
    );
    const running = registry.call('getNode', { block: 'a1' }, caller('a'));
    const waiting = registry.call('getNode', { block: 'a2' }, caller('a'));
    const error = await refusal(
      registry.call('getNode', { block: 'a3' }, caller('a')),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toBe(
      'getNode was refused: you already have 2 tool calls running or waiting, the most one user may have at once; wait for them to finish, then call again.',
    );
    finish('a1');
    await running;
    await settle();
    finish('a2');
    await waiting;
    const again = registry.call('getNode', { block: 'a4' }, caller('a'));
    await settle();
    finish('a4');
    await expect(again).resolves.toEqual({ output: 'a4', notices: [] });
  });

  it("refuses a call that waited longer than maxQueueWaitMs, naming the caller's own calls as the reason", async () => {
    const { registry, started, finish } = blockingRegistry(
      createCallsPerUserLimit({ running: 1, maxQueueWaitMs: 30 }),
    );
    const running = registry.call('getNode', { block: 'a1' }, caller('a'));
    const error = await refusal(
      registry.call('getNode', { block: 'a2' }, caller('a')),
    );
    expect(error.message).toBe(
      'getNode was refused: your other tool calls are still running and no slot freed up within 30 ms; try again in a moment.',
    );
    expect(started).toEqual(['a1']);
    finish('a1');
    await running;
  });

  it('takes a waiting call out of the queue when its caller aborts (a chat turn stopped), without running it', async () => {
    const { registry, started, finish } = blockingRegistry(
      createCallsPerUserLimit({ running: 1 }),
    );
    const running = registry.call('getNode', { block: 'a1' }, caller('a'));
    const controller = new AbortController();
    const waiting = registry.call(
      'getNode',
      { block: 'a2' },
      caller('a', controller.signal),
    );
    await settle();
    controller.abort(new ToolError('unavailable', 'the chat turn was stopped'));
    await expect(waiting).rejects.toThrow('the chat turn was stopped');
    finish('a1');
    await running;
    await settle();
    expect(started).toEqual(['a1']);
  });
});

describe('resolveCallsPerUserLimits', () => {
  it('fills the defaults and keeps given values', () => {
    expect(resolveCallsPerUserLimits({ running: 2 })).toEqual({
      running: 2,
      maxInProgress: 32,
      maxQueueWaitMs: 30_000,
      redisLeaseMs: 60_000,
      redisPollMs: 50,
      redisTimeoutMs: 1_000,
    });
  });

  it('names the option and what is valid when a value is wrong', () => {
    expect(() => resolveCallsPerUserLimits({ running: 0 })).toThrow(
      'CallsPerUserOptions.running must be a positive integer, got 0',
    );
    expect(() => resolveCallsPerUserLimits({ maxQueueWaitMs: -5 })).toThrow(
      'CallsPerUserOptions.maxQueueWaitMs must be a positive number, got -5',
    );
    expect(() =>
      resolveCallsPerUserLimits({ running: 8, maxInProgress: 4 }),
    ).toThrow(
      'CallsPerUserOptions.maxInProgress (4) must be at least running (8): it counts the running calls too',
    );
  });
});
