import type { Kysely } from 'kysely';
import { createKysely, type DatabaseDriver, type DB } from '../../database';

/** Where the comment signal opens its own small pool for the count. */
export interface CommentCountConnection {
  /** A PostgreSQL URL of the same database the host's Kysely serves (Docmost's `DATABASE_URL`). */
  readonly connectionString: string;
  /** The host's driver; default `pg`. */
  readonly driver?: DatabaseDriver;
}

/** Counts run concurrently at most this often; more wait for a connection (and the check's own budget). */
const COUNT_POOL_SIZE = 2;
/** The client gives up this long after the server should have cancelled (a frozen server never answers). */
const CLIENT_GRACE_MS = 1_000;

/**
 * The count's own pool: every connection opens with `statement_timeout` set to the count's
 * budget as a startup parameter, so the server still cancels a count that runs past it while
 * each count is one statement in one round trip (no BEGIN, set_config, COMMIT around it).
 * The host's pool keeps its own timeout for everything else.
 */
export function openCommentCountDatabase(
  connection: CommentCountConnection,
  statementTimeoutMs: number,
): Kysely<DB> {
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 1) {
    throw new RangeError(
      `the comment count's statement timeout must be a positive integer of milliseconds, got ${statementTimeoutMs}`,
    );
  }
  return createKysely({
    connectionString: connection.connectionString,
    driver: connection.driver,
    max: COUNT_POOL_SIZE,
    statementTimeoutMs,
    queryTimeoutMs: statementTimeoutMs + CLIENT_GRACE_MS,
  });
}
