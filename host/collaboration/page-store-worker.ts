import type { Kysely } from 'kysely';
import {
  createKysely,
  HeavyWorkPool,
  type DatabaseDriver,
  type DB,
} from '../../src';
import {
  PageReplicas,
  type PageReplicaStore,
  type ReplicaStore,
  type ReplicaStoreOutcome,
} from './page-replicas';

/** Where the store's worker connects: the host's database, on a connection of its own. */
export interface PageStoreConnection {
  readonly connectionString: string;
  readonly driver: DatabaseDriver;
}

/** The worker's connection, opened by its first store (one per worker thread). */
let workerDatabase: Kysely<DB> | undefined;
/** The worker's replicas of the live pages; gone with the thread (stores then send the state). */
const workerReplicas = new PageReplicas();

/** What the store's worker runs, loaded there by path (see `HeavyTasks`). */
export const HEAVY_TASKS = {
  storeReplica(
    input: ReplicaStore & { readonly connection: PageStoreConnection },
  ): Promise<ReplicaStoreOutcome> {
    workerDatabase ??= createKysely({ ...input.connection, max: 1 });
    return workerReplicas.store(workerDatabase, input);
  },
  dropReplica(replicaId: string): null {
    workerReplicas.drop(replicaId);
    return null;
  },
};

/** Who the pool's admission counts the stores for. */
const STORE_USER = 'collaboration-store';

/** Stores of different pages waiting for the worker at once, at most. */
const MAX_WAITING_STORES = 10_000;

/** A store that has not finished within this is stopped (its transaction rolls back). */
const STORE_DEADLINE_MS = 60_000;

/**
 * Makes and writes live pages' rows in a worker thread, from its replicas of the documents
 * (`PageReplicas`), on a database connection of its own. The event loop hands over a store's
 * updates (a few bytes when someone typed) instead of the rows: making a 6 MB page's JSON, text
 * and Yjs state and handing them over held it ~150 ms per store, and the driver's message of
 * them ~100 ms more with node-postgres, 300–400 ms with postgres.js (which writes the state as
 * hex). Stores run one at a time, in the order they were asked for.
 */
export class PageStoreWorker implements PageReplicaStore {
  private readonly pool = new HeavyWorkPool(
    { table: HEAVY_TASKS, module: __filename },
    {
      threads: 1,
      // Every store waits its turn: a refused one would leave a page unsaved until its next
      // change. Hocuspocus stores one document at a time, so these are different pages.
      maxRunsPerUser: MAX_WAITING_STORES,
      deadlineMs: STORE_DEADLINE_MS,
      maxQueueWaitMs: STORE_DEADLINE_MS,
    },
  );

  constructor(private readonly connection: PageStoreConnection) {
    // Started with the host, so the first store does not wait for the worker to load.
    this.pool.warm().catch(() => undefined);
  }

  store(input: ReplicaStore): Promise<ReplicaStoreOutcome> {
    return this.pool.run(
      'storeReplica',
      { ...input, connection: this.connection },
      { userId: STORE_USER, label: `storing page ${input.pageId}` },
    );
  }

  drop(replicaId: string): void {
    // Fails only when the worker is gone, and its replicas with it.
    this.pool
      .run('dropReplica', replicaId, {
        userId: STORE_USER,
        label: 'dropping a page replica',
      })
      .catch(() => undefined);
  }

  /** Stops the worker; a store in progress fails (its transaction rolls back). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
