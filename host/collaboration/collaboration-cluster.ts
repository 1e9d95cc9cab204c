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

/**
 * The Redis extension's hooks whose rejection nobody handles: Hocuspocus 3 runs the first three
 * without awaiting them, and awaits `afterUnloadDocument` inside an unload it does not await.
 * Node ends the process on an unhandled rejection, and each of these publishes or unsubscribes
 * on Redis: while Redis was unreachable, a page an editor left, or a change or presence update
 * in flight as Redis went away, stopped the whole instance with every request it was serving.
 */
const UNAWAITED_HOOKS = [
  'onChange',
  'onAwarenessUpdate',
  'beforeBroadcastStateless',
  'afterUnloadDocument',
] as const;

/**
 * Makes the unawaited hooks of `extension` log their failure instead of rejecting, and marks
 * the promises of `publisher.publish` as handled (the extension publishes without awaiting, as
 * its first exchange after a load and its replies to other instances): a caller that awaits
 * one still gets its rejection.
 */
function withoutUnhandledRejections(
  extension: Extension,
  publisher: Redis,
  logger: { error(message: string): void },
): void {
  for (const name of UNAWAITED_HOOKS) {
    const hook = extension[name] as
      ((payload: { documentName?: string }) => Promise<unknown>) | undefined;
    if (hook === undefined) continue;
    Object.assign(extension, {
      [name]: async (payload: { documentName?: string }) => {
        try {
          return await hook.call(extension, payload);
        } catch (error) {
          logger.error(
            `collaboration: Redis did not take the ${name} of ${payload.documentName}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    });
  }
  const publish = publisher.publish.bind(publisher) as (
    ...args: unknown[]
  ) => Promise<number>;
  Object.assign(publisher, {
    publish: (...args: unknown[]) => {
      const sent = publish(...args);
      sent.catch(() => undefined);
      return sent;
    },
  });
}

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
 * drifting apart and one store overwriting another's typing. An unreachable Redis never ends the
 * instance (`withoutUnhandledRejections`): the agent's calls answer `unavailable` meanwhile.
 */
export function collaborationCluster(
  redisUrl: string,
  logger: { error(message: string): void } = console,
): CollaborationCluster {
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
  withoutUnhandledRejections(
    sync as unknown as Extension,
    sync.pub as Redis,
    logger,
  );
  const catchUp = clusterCatchUp({ publisher, subscriber, logger });
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
