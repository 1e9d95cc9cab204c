import { CamelCasePlugin, Kysely, type KyselyConfig } from 'kysely';
import {
  DEFAULT_DATABASE_DRIVER,
  type DatabaseDriver,
} from './database-driver';
import {
  resolveDatabaseTimeouts,
  type DatabaseTimeouts,
} from './database-timeouts';
import type { DB } from './database.types';
import { driverConnectionString } from './connection-url';
import { GuardedDialect } from './guarded-dialect';
import { createPgDialect } from './pg-dialect';
import { createPostgresJsDialect } from './postgres-js-dialect';

export interface CreateKyselyOptions extends Partial<DatabaseTimeouts> {
  readonly connectionString: string;
  /** `pg` (node-postgres, default) or `postgres-js` (postgres.js, as Docmost's server connects). */
  readonly driver?: DatabaseDriver;
  /** Pool size; default 10. */
  readonly max?: number;
  /**
   * Called with the error of a connection lost outside any query (node-postgres reports those
   * as events). Default: ignored, since the pool replaces the connection and the next query on
   * it fails with its own error.
   */
  readonly onConnectionError?: (error: Error) => void;
  /** Kysely's query log (the bench records its count queries with it). */
  readonly log?: KyselyConfig['log'];
}

/**
 * A Kysely instance configured as Docmost configures its own (CamelCasePlugin), over either
 * driver, with statement, connect and query timeouts (see `DatabaseTimeouts` for defaults).
 * A query that cannot reach the database fails with `DatabaseUnavailableError`.
 */
export function createKysely(options: CreateKyselyOptions): Kysely<DB> {
  const timeouts = resolveDatabaseTimeouts(options);
  const max = options.max ?? 10;
  const driver = options.driver ?? DEFAULT_DATABASE_DRIVER;
  const connectionString = driverConnectionString(options.connectionString);
  const dialect =
    driver === 'postgres-js'
      ? createPostgresJsDialect({
          connectionString,
          max,
          timeouts,
        })
      : createPgDialect({
          connectionString,
          max,
          timeouts,
          onConnectionError: options.onConnectionError ?? (() => undefined),
        });
  const guard = {
    queryTimeoutMs: timeouts.queryTimeoutMs,
    rollbackThroughDriver: driver === 'postgres-js',
  };
  return new Kysely<DB>({
    dialect: new GuardedDialect(dialect, guard),
    plugins: [new CamelCasePlugin()],
    log: options.log,
  });
}
