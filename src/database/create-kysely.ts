import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import type { DB } from './database.types';

// int8 (count(*)) as a JS number: counts here are far below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface CreateKyselyOptions {
  readonly connectionString: string;
  /** Pool size; default 10. */
  readonly max?: number;
}

/** A Kysely instance configured as Docmost configures its own (CamelCasePlugin over pg). */
export function createKysely(options: CreateKyselyOptions): Kysely<DB> {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
