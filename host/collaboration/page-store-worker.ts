import type { Kysely } from 'kysely';
import {
  createKysely,
  HeavyWorkPool,
  type DatabaseDriver,
  type DB,
} from '../../src';
import { storePageRow, type PageRowStore } from './store-page-row';

/** Where the store's worker connects: the host's database, on a connection of its own. */
export interface PageStoreConnection {
  readonly connectionString: string;
  readonly driver: DatabaseDriver;
}

/** The worker's connection, opened by its first store (one per worker thread). */
let workerDatabase: Kysely<DB> | undefined;

/** What the store's worker runs, loaded there by path (see `HeavyTasks`). */
export const HEAVY_TASKS = {
  async storePageRow(
    input: PageRowStore & { readonly connection: PageStoreConnection },
  ): Promise<null> {
    workerDatabase ??= createKysely({ ...input.connection, max: 1 });
    await storePageRow(workerDatabase, input);
    return null;
  },
};

/** Stores of different pages waiting for the worker at once, at most. */
const MAX_WAITING_STORES = 10_000;

/** A store that has not finished within this is stopped (its transaction rolls back). */
const STORE_DEADLINE_MS = 60_000;

/**
 * Writes live pages' rows from a worker thread with its own database connection. The driver
 * builds one message of every parameter on the thread that sends it: for a 6 MB page, its JSON,
 * its text and its Yjs state held the event loop ~100 ms with node-postgres and 300–400 ms with
 * postgres.js (which writes the Yjs state as hex and copies the message as it grows). Here the
 * event loop only hands the three over (one structured copy, ~50 ms for 6 MB, on a turn of its
 * own). Stores run one at a time, in the order they were asked for.
 */
export class PageStoreWorker {
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

  store(row: PageRowStore): Promise<void> {
    return this.pool
      .run(
        'storePageRow',
        { ...row, connection: this.connection },
        { userId: 'collaboration-store', label: `storing page ${row.pageId}` },
      )
      .then(() => undefined);
  }

  /** Stops the worker; a store in progress fails (its transaction rolls back). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
