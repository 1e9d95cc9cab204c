import type postgres from 'postgres';
import type { DatabaseTimeouts } from './database-timeouts';
import { PostgresJsPoolDialect } from './postgres-js-driver';

export interface PostgresJsDialectOptions {
  readonly connectionString: string;
  readonly max: number;
  readonly timeouts: DatabaseTimeouts;
}

/**
 * postgres.js under Kysely (through the module's own driver, see postgres-js-driver.ts), configured as Docmost's server configures it: int8 and numeric
 * parsed to JS numbers. postgres.js turns timestamptz into a `Date` and serializes a parameter
 * the server infers as timestamptz through `new Date(value).toISOString()` (milliseconds), so
 * the module never sends a time it read back as a timestamptz parameter (see README, Drivers).
 *
 * postgres.js surfaces a lost connection as the rejection of the queries on it and never as an
 * event, so nothing here can crash the process.
 */
export function createPostgresJsDialect(
  options: PostgresJsDialectOptions,
): PostgresJsPoolDialect {
  // Loaded when a postgres.js dialect is first created (see loadPg in pg-dialect.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when used
  const connect = require('postgres') as typeof postgres;
  const sql = connect(options.connectionString, {
    max: options.max,
    // postgres.js takes seconds.
    connect_timeout: options.timeouts.connectTimeoutMs / 1000,
    // NOTICEs (e.g. "relation already exists, skipping") would be printed to the console.
    onnotice: () => undefined,
    // postgres.js waits before reopening a connection closed with an error, by default up to
    // 20 s (3^n / 100 s, n failures in a row, shared by the pool): after an outage, requests
    // would keep failing for that long although the database is back. Capped at 1 s here.
    backoff: (failures: number) => Math.min(0.05 * 2 ** failures, 1),
    connection:
      options.timeouts.statementTimeoutMs > 0
        ? { statement_timeout: options.timeouts.statementTimeoutMs }
        : {},
    types: {
      bigint: {
        to: 20,
        from: [20, 1700],
        serialize: (value: number | bigint | string) => String(value),
        parse: (value: string) => Number.parseInt(value, 10),
      },
    },
  });
  return new PostgresJsPoolDialect(sql, options.timeouts.queryTimeoutMs);
}
