import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { liveStoredDocument, Y, type DB, type YDoc } from '../../src';
import { storePageRow, type StoreAuthor } from './store-page-row';

/**
 * One store of a live page, as a replica of its document receives it: the document's updates
 * since the replica last took them, and the state vector they bring the replica to.
 */
export interface ReplicaStore {
  readonly pageId: string;
  /** Names the loaded document (a page loaded again gets a new replica). */
  readonly replicaId: string;
  /**
   * True when `updates` start from an empty document (the loaded state comes first), so a
   * replica that does not exist yet can be made from them.
   */
  readonly fromEmpty: boolean;
  /** The document's updates, in the order it had them. Applying one twice changes nothing. */
  readonly updates: readonly Uint8Array[];
  /** `Y.encodeStateVector` of the document once it had them: the replica must reach it. */
  readonly stateVector: Uint8Array;
  readonly author: StoreAuthor;
}

/**
 * `stored`, or `replica_missing` when the replica is not there (a new worker thread, evicted)
 * or did not reach the document's state with these updates: send the whole state.
 */
export type ReplicaStoreOutcome = 'stored' | 'replica_missing';

/** Where a persistence sends its stores: replicas on this thread or in a worker. */
export interface PageReplicaStore {
  store(input: ReplicaStore): Promise<ReplicaStoreOutcome>;
  /** Forgets a replica once its document is unloaded. */
  drop(replicaId: string): void;
}

/**
 * The updates the replicas took, at most, before the least recently stored goes (a replica of a
 * 6 MB state takes ~80 MB of heap with its converted blocks; the worker has 1 GB).
 */
const MAX_REPLICA_BYTES = 32 * 1024 * 1024;

/**
 * Copies of the live documents a collaboration server stores, kept up to date by the updates
 * each store brings, from which the stored rows are made: the JSON, the plain text and the
 * encoded Yjs state of a 6 MB page cost the thread that makes them ~100 ms per store even when
 * one character changed (the encoding alone, 60–90 ms), so the server's own thread only sends
 * what changed. A replica is touched only by its document's stores, one at a time (Hocuspocus
 * stores a document under a mutex), so the row is one version of it: content, text and state.
 */
export class PageReplicas {
  private readonly replicas = new LRUCache<
    string,
    /** `bytes`: the updates it took, an estimate of its weight. */
    { readonly document: YDoc; bytes: number }
  >({
    maxSize: MAX_REPLICA_BYTES,
    // Below the whole, so setting a replica never drops the one being stored. An evicted replica
    // is left to the garbage collector, not destroyed: a store may still be converting it.
    sizeCalculation: (replica) =>
      Math.min(MAX_REPLICA_BYTES / 8, Math.max(1, replica.bytes)),
  });

  /** Brings the page's replica up to date and writes the page's row from it. */
  async store(
    db: Kysely<DB>,
    input: ReplicaStore,
  ): Promise<ReplicaStoreOutcome> {
    const replica = this.updated(input);
    if (replica === undefined) return 'replica_missing';
    const stored = await liveStoredDocument(replica);
    await storePageRow(db, {
      pageId: input.pageId,
      json: stored.json,
      text: stored.text,
      ydoc: Y.encodeStateAsUpdate(replica),
      author: input.author,
    });
    return 'stored';
  }

  drop(replicaId: string): void {
    this.replicas.delete(replicaId);
  }

  /** The replica with the store's updates applied; undefined when it cannot be brought there. */
  private updated(input: ReplicaStore): YDoc | undefined {
    let replica = this.replicas.get(input.replicaId);
    if (replica === undefined) {
      if (!input.fromEmpty) return undefined;
      replica = { document: new Y.Doc(), bytes: 0 };
    }
    for (const update of input.updates) {
      Y.applyUpdate(replica.document, update);
      replica.bytes += update.byteLength;
    }
    const { store } = replica.document;
    if (
      store.pendingStructs !== null ||
      store.pendingDs !== null ||
      !Buffer.from(Y.encodeStateVector(replica.document)).equals(
        input.stateVector,
      )
    ) {
      // Not the document's state: an update went missing. The caller sends the whole state.
      this.replicas.delete(input.replicaId);
      return undefined;
    }
    // Set again for its size (and as the most recently used).
    this.replicas.set(input.replicaId, replica);
    return replica.document;
  }
}

/** Replicas on the calling thread, written through `db` (hosts without a store worker). */
export function inThreadPageReplicas(db: Kysely<DB>): PageReplicaStore {
  const replicas = new PageReplicas();
  return {
    store: (input) => replicas.store(db, input),
    drop: (replicaId) => replicas.drop(replicaId),
  };
}
