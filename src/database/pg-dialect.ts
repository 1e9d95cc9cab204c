import {
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { PoolClient } from 'pg';
import type { DatabaseTimeouts } from './database-timeouts';

/**
 * node-postgres, loaded when a pg dialect is first created: a host that mounts the module on its
 * own Kysely (Docmost's server, over postgres.js) never loads it.
 */
function loadPg(): typeof import('pg') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when used
  const pg = require('pg') as typeof import('pg');
  // int8 (count(*)) as a JS number, as Docmost's postgres.js configuration parses it: counts
  // here are far below 2^53. Set on the module's one `types` registry, so setting it again is
  // a no-op.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) =>
    Number.parseInt(value, 10),
  );
  return pg;
}

export interface PgDialectOptions {
  readonly connectionString: string;
  readonly max: number;
  readonly timeouts: DatabaseTimeouts;
  /** Errors of connections outside any query (idle, or checked out between queries). */
  readonly onConnectionError: (error: Error) => void;
}

/**
 * A client released while one of its queries is still pending was abandoned by the client-side
 * query timeout: its connection may be stuck behind a frozen server, so it is destroyed
 * instead of going back to the pool.
 */
function trackAbandonedQueries(client: PoolClient): PostgresPoolClient {
  let pending = 0;
  return {
    query: ((...args: Parameters<PoolClient['query']>) => {
      const result = (client.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) {
        pending += 1;
        void result.then(
          () => (pending -= 1),
          () => (pending -= 1),
        );
      }
      return result;
    }) as PostgresPoolClient['query'],
    release: () =>
      client.release(
        pending > 0
          ? new Error('query abandoned after the client-side timeout')
          : undefined,
      ),
  };
}

/** node-postgres under Kysely: every client, idle or checked out, has its errors handled. */
export function createPgDialect(options: PgDialectOptions): PostgresDialect {
  const { Pool } = loadPg();
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: options.timeouts.connectTimeoutMs,
    ...(options.timeouts.statementTimeoutMs > 0
      ? { statement_timeout: options.timeouts.statementTimeoutMs }
      : {}),
    keepAlive: true,
  });
  // An idle client whose backend goes away emits 'error' on the pool.
  pool.on('error', options.onConnectionError);
  // A checked-out client has no pool listener: without its own, a backend terminated between
  // (or during) queries raises an unhandled 'error' event and the process exits.
  pool.on('connect', (client) => client.on('error', options.onConnectionError));
  const adapter: PostgresPool = {
    connect: async () => trackAbandonedQueries(await pool.connect()),
    end: () => pool.end(),
  };
  return new PostgresDialect({ pool: adapter });
}
