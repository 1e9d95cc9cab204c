import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { Y, type YDoc } from '../../src';
import type { Extension, Hocuspocus } from './hocuspocus';

/** The transaction origin of the states other instances sent: their authors are not known here. */
export const CLUSTER_CATCH_UP_ORIGIN = 'cluster-catch-up';

export interface ClusterCatchUpOptions {
  /** Publishes and counts subscribers (`PUBSUB NUMSUB`). */
  readonly publisher: Redis;
  /** A connection of its own: a subscribed Redis connection takes no other commands. */
  readonly subscriber: Redis;
  /** Most time to wait for the other instances' states. Default 2 s. */
  readonly timeoutMs?: number;
  readonly logger?: { error(message: string): void };
}

interface StateRequest {
  readonly kind: 'request';
  readonly requestId: string;
  readonly replyTo: string;
  readonly documentName: string;
  /** base64 of the asking copy's state vector. */
  readonly stateVector: string;
}

interface StateReply {
  readonly kind: 'reply';
  readonly requestId: string;
  /** base64 of what the asking copy lacks. */
  readonly update: string;
}

const documentChannel = (documentName: string) =>
  `ai-tools:collab-holders:${documentName}`;
const replyChannel = (instanceId: string) =>
  `ai-tools:collab-replies:${instanceId}`;

/**
 * Makes a document loaded on this instance start from what the other instances holding it
 * have, unsaved typing included, before any connection syncs with it. Hocuspocus' Redis
 * extension keeps loaded copies in step from then on, but its first exchange is not awaited:
 * a copy loaded from the database (up to 45 s behind) would answer the agent's first read
 * before the typing arrived. Each instance holding a document is subscribed to the document's
 * channel here, so `PUBSUB NUMSUB` says how many answers to wait for; a holder whose process
 * died has no subscription left.
 */
export function clusterCatchUp({
  publisher,
  subscriber,
  timeoutMs = 2000,
  logger = console,
}: ClusterCatchUpOptions): Extension & { close(): Promise<void> } {
  const instanceId = randomUUID();
  let instance: Hocuspocus | undefined;
  const pending = new Map<
    string,
    { readonly document: YDoc; left: number; done(): void }
  >();
  // Asked again after a failure: an instance started while Redis was unreachable subscribes once
  // it is back (a subscription that failed for good would have failed every load since).
  let subscribed: Promise<unknown> | undefined;
  const subscribeToReplies = (): Promise<unknown> =>
    (subscribed ??= subscriber
      .subscribe(replyChannel(instanceId))
      .catch((error: unknown) => {
        subscribed = undefined;
        throw error;
      }));
  // At once, so the first load does not wait for it; a failure is told by the load that needs it.
  subscribeToReplies().catch(() => undefined);
  let closed = false;

  subscriber.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as StateRequest | StateReply;
    if (message.kind === 'reply') {
      const waiting = pending.get(message.requestId);
      if (waiting === undefined) return;
      const update = Buffer.from(message.update, 'base64');
      if (update.byteLength > 0)
        Y.applyUpdate(waiting.document, update, CLUSTER_CATCH_UP_ORIGIN);
      if (--waiting.left <= 0) waiting.done();
      return;
    }
    if (message.replyTo === instanceId) return;
    const document = instance?.documents.get(message.documentName);
    // A copy still loading answers empty: it is loading the same stored state.
    const update =
      document === undefined
        ? new Uint8Array()
        : Y.encodeStateAsUpdate(
            document,
            Buffer.from(message.stateVector, 'base64'),
          );
    const reply: StateReply = {
      kind: 'reply',
      requestId: message.requestId,
      update: Buffer.from(update).toString('base64'),
    };
    void publisher
      .publish(replyChannel(message.replyTo), JSON.stringify(reply))
      .catch(() => undefined);
  });

  return {
    // After the Redis extension (priority 1000), which subscribes the copy to later changes.
    priority: 100,
    async onConfigure({ instance: configured }) {
      instance = configured;
    },
    async afterLoadDocument({ documentName, document }) {
      await subscribeToReplies();
      await subscriber.subscribe(documentChannel(documentName));
      const counts = (await publisher.pubsub(
        'NUMSUB',
        documentChannel(documentName),
      )) as [string, number];
      const others = Number(counts[1]) - 1;
      if (others <= 0) return;
      const requestId = randomUUID();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          logger.error(
            `collaboration: ${documentName}: ${others} other instance(s) did not send their state in ${timeoutMs} ms`,
          );
          resolve();
        }, timeoutMs);
        pending.set(requestId, {
          document,
          left: others,
          done: () => {
            clearTimeout(timer);
            pending.delete(requestId);
            resolve();
          },
        });
        const request: StateRequest = {
          kind: 'request',
          requestId,
          replyTo: instanceId,
          documentName,
          stateVector: Buffer.from(Y.encodeStateVector(document)).toString(
            'base64',
          ),
        };
        // Unsent (Redis went away since the count), no answer comes: the load fails, as it
        // does when Redis is unreachable before.
        publisher
          .publish(documentChannel(documentName), JSON.stringify(request))
          .catch((error: unknown) => {
            clearTimeout(timer);
            pending.delete(requestId);
            reject(error);
          });
      });
    },
    async afterUnloadDocument({ documentName, instance: server }) {
      // Documents still unload after close (Hocuspocus unloads them as the server stops); the
      // disconnect already dropped every subscription, and the closed connection would throw.
      if (closed || server.documents.has(documentName)) return;
      // Hocuspocus does not await an unload, so a rejection here would end the process. One
      // that failed (Redis unreachable) leaves a subscription ioredis renews when Redis is
      // back: this instance then answers the page's state requests with nothing, as a copy
      // still loading does.
      await subscriber
        .unsubscribe(documentChannel(documentName))
        .catch((error: unknown) =>
          logger.error(
            `collaboration: ${documentName}: Redis did not take the unsubscribe: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    },
    async close() {
      closed = true;
      for (const waiting of pending.values()) waiting.done();
      subscriber.disconnect(false);
    },
  };
}
