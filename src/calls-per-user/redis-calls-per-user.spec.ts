import { refusal } from '../ground/tool-refusal.fixture';
import { caller, getNode } from './calls-per-user.fixture';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../../test/support/redis-server';
import { createToolRegistry } from '../registry/create-tool-registry';
import { createCallsPerUserLimit } from './calls-per-user-limit';
import type { CallsPerUserOptions } from './calls-per-user-options';

/** The blocks started so far, and a promise per block that resolves when it starts. */
class Blocks {
  readonly started: string[] = [];
  private readonly finishers = new Map<string, () => void>();
  private readonly starts = new Map<string, () => void>();

  run(block: string): Promise<string> {
    this.started.push(block);
    this.starts.get(block)?.();
    return new Promise((resolve) =>
      this.finishers.set(block, () => resolve(block)),
    );
  }

  whenStarted(block: string): Promise<void> {
    if (this.started.includes(block)) return Promise.resolve();
    return new Promise((resolve) => this.starts.set(block, resolve));
  }

  finish(block: string): void {
    this.finishers.get(block)!();
  }
}

/** One "instance": a registry behind its own limit, running blocks the test finishes. */
function instance(blocks: Blocks, options: CallsPerUserOptions) {
  return createToolRegistry({
    specs: [getNode],
    executors: { getNode: ({ block }) => blocks.run(block) },
    interceptors: [createCallsPerUserLimit(options)],
  });
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address ? address.port : 1),
      );
    });
  });
}

describe('createCallsPerUserLimit with Redis (two instances, one redis-server)', () => {
  let redisServer: RedisServerUnderTest;
  const clients: Redis[] = [];

  function client(url: string, options: object = {}): Redis {
    const created = new Redis(url, options);
    clients.push(created);
    return created;
  }

  beforeAll(async () => {
    redisServer = await startRedisServer();
  });

  afterAll(async () => {
    await Promise.all(
      clients.map((created) =>
        created.status === 'ready'
          ? created.quit()
          : created.status === 'end'
            ? undefined
            : void created.disconnect(),
      ),
    );
    await redisServer?.stop();
  });

  it("counts a user's calls on every instance: a call on B waits for A's, one more anywhere is refused, and B's starts once A's ends", async () => {
    const blocks = new Blocks();
    const options = { running: 1, maxInProgress: 2, redisPollMs: 20 };
    const a = instance(blocks, { ...options, redis: client(redisServer.url) });
    const b = instance(blocks, { ...options, redis: client(redisServer.url) });

    const first = a.call('getNode', { block: 'a1' }, caller('alice'));
    await blocks.whenStarted('a1');
    const second = b.call('getNode', { block: 'b1' }, caller('alice'));
    const other = b.call('getNode', { block: 'bob' }, caller('bob'));
    await blocks.whenStarted('bob');
    const error = await refusal(
      a.call('getNode', { block: 'a2' }, caller('alice')),
    );
    expect(error.message).toBe(
      'getNode was refused: you already have 2 tool calls running or waiting, the most one user may have at once; wait for them to finish, then call again.',
    );
    expect(blocks.started).toEqual(['a1', 'bob']);

    blocks.finish('a1');
    await first;
    await blocks.whenStarted('b1');
    blocks.finish('b1');
    blocks.finish('bob');
    await expect(second).resolves.toEqual({ output: 'b1', notices: [] });
    await other;
    expect(blocks.started).toEqual(['a1', 'bob', 'b1']);
  });

  it('refuses a call that waited longer than maxQueueWaitMs for a slot held on another instance', async () => {
    const blocks = new Blocks();
    const options = { running: 1, maxQueueWaitMs: 60, redisPollMs: 20 };
    const a = instance(blocks, { ...options, redis: client(redisServer.url) });
    const b = instance(blocks, { ...options, redis: client(redisServer.url) });
    const first = a.call('getNode', { block: 'a1' }, caller('carol'));
    await blocks.whenStarted('a1');
    const error = await refusal(
      b.call('getNode', { block: 'b1' }, caller('carol')),
    );
    expect(error.message).toBe(
      'getNode was refused: your other tool calls are still running and no slot freed up within 60 ms; try again in a moment.',
    );
    blocks.finish('a1');
    await first;
    expect(blocks.started).toEqual(['a1']);
  });

  it('falls back to the instance’s own count when Redis does not answer, and the tools keep working', async () => {
    const blocks = new Blocks();
    const unreachable = client(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const a = instance(blocks, {
      running: 1,
      maxInProgress: 1,
      redis: unreachable,
      redisTimeoutMs: 200,
    });
    const first = a.call('getNode', { block: 'a1' }, caller('dave'));
    await blocks.whenStarted('a1');
    // The instance's own count still holds: one more call of dave's is refused at once.
    const error = await refusal(
      a.call('getNode', { block: 'a2' }, caller('dave')),
    );
    expect(error.message).toContain('you already have 1 tool calls running');
    blocks.finish('a1');
    await expect(first).resolves.toEqual({ output: 'a1', notices: [] });
    expect(blocks.started).toEqual(['a1']);
  });
});
