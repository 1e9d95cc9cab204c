import Redis from 'ioredis';
import type * as RedisExtensionModule from '@hocuspocus/extension-redis' with {
  'resolution-mode': 'import',
};
import type { Extension } from './hocuspocus';
import { clusterCatchUp } from './cluster-catch-up';

const { Redis: RedisExtension }: typeof RedisExtensionModule =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@hocuspocus/extension-redis');

/** Why a message is refused while Redis is unreachable (1013: try again later). */
const REDIS_UNREACHABLE = {
  code: 1013,
  reason: 'collaboration: Redis unreachable, try again later',
};

/** The collaboration server's part in a cluster: its extensions, and what stops them. */
export interface CollaborationCluster {
  readonly extensions: readonly Extension[];
  close(): Promise<void>;
}

/**
 * Makes the collaboration server one instance of several on one Redis (`REDIS_URL`): every
 * instance holding a page keeps its copy in step with the others through Hocuspocus' Redis
 * extension (editors on A and B see one document; each instance stores the changes made
 * through it, with the others' merged in), a copy loaded on one instance starts from the
 * others' (`clusterCatchUp`), and while Redis is unreachable no message is taken: the
 * connection closes and its client keeps its changes until it reconnects, instead of copies
 * drifting apart and one store overwriting another's typing.
 */
export function collaborationCluster(redisUrl: string): CollaborationCluster {
  const options = {
    // A command while Redis is down fails at once instead of queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const sync = new RedisExtension({
    createClient: () => new Redis(redisUrl, { maxRetriesPerRequest: 1 }),
    prefix: 'ai-tools:collab',
  });
  // The extension's lock makes two instances store a page one after the other, but it gives up
  // at once when another holds it, skipping the store: the changes it held were then stored by
  // nobody (a copy stores only changes made through it). Waiting for the lock instead (up to
  // ~5 s; a store holds it for milliseconds) keeps every store.
  Object.assign(sync.redlock.settings, {
    retryCount: 200,
    retryDelay: 25,
    retryJitter: 25,
  });
  const catchUp = clusterCatchUp({ publisher, subscriber });
  for (const connection of [publisher, subscriber, sync.pub, sync.sub])
    // ioredis reconnects by itself; an unhandled 'error' event would end the process.
    connection.on('error', () => undefined);
  const guard: Extension = {
    priority: 2000,
    async beforeHandleMessage() {
      if (
        publisher.status !== 'ready' ||
        (sync.pub as Redis).status !== 'ready'
      )
        throw REDIS_UNREACHABLE;
    },
  };
  return {
    extensions: [guard, sync as unknown as Extension, catchUp],
    async close() {
      await catchUp.close();
      // Disconnected, not quit: a QUIT waits for a Redis that may be gone, and the stores are
      // done by now (the server flushed them before this).
      for (const connection of [publisher, sync.pub, sync.sub])
        (connection as Redis).disconnect(false);
    },
  };
}
