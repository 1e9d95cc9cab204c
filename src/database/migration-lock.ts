import { sql, type Kysely } from 'kysely';

/**
 * The advisory lock key the module's migrations run under, on every instance: one fixed 64-bit
 * number of the module's own (`ai_tools` in ASCII, 0x61695f746f6f6c73), apart from Kysely's key for
 * Docmost's history. Written in decimal: PostgreSQL before 16 reads no hexadecimal literal.
 */
export const MODULE_MIGRATION_LOCK_KEY = '7019246447924046963';

/** How often an instance asks again for the lock another instance holds. */
const RETRY_MS = 250;

export interface MigrationLockOptions {
  /** Told once when another session holds the lock, before this one waits for it. */
  readonly onWait?: () => void;
}

/**
 * Runs `work` on one connection that holds a session-level advisory lock for the whole run.
 *
 * Why not Kysely's own lock: with `disableTransactions` (concurrent index builds need it) its
 * `pg_advisory_xact_lock` ends with its own statement, so two instances booting at once both
 * migrate. And why not wait inside `pg_advisory_lock`: a waiting statement holds a snapshot, and
 * `create index concurrently` on the holder waits for every older snapshot to end, which would be
 * a deadlock between the two instances. So the lock is asked for with `pg_try_advisory_lock`,
 * again every 250 ms; between tries the waiting session holds nothing. The lock goes with the
 * connection: a crashed instance never leaves it behind.
 */
export async function withMigrationLock<T>(
  db: Kysely<any>,
  work: (connection: Kysely<any>) => Promise<T>,
  options: MigrationLockOptions = {},
): Promise<T> {
  return db.connection().execute(async (connection) => {
    let told = false;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${sql.raw(MODULE_MIGRATION_LOCK_KEY)}) as locked`.execute(
        connection,
      );
      if (rows[0]?.locked) break;
      if (!told) options.onWait?.();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${sql.raw(MODULE_MIGRATION_LOCK_KEY)})`.execute(
        connection,
      );
    }
  });
}
