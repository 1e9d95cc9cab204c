import { PostgresJsPoolDialect } from 'docmost-ai-tools';
import * as postgres from 'postgres';

/**
 * The README's fix for Docmost's own pool after a database pause: its `postgres(...)` instance,
 * configured as Docmost configures it, handed to the package's dialect in place of
 * kysely-postgres-js's. Compiled with the app, so the line the README gives type-checks against
 * the published types; the app itself keeps kysely-postgres-js, as Docmost has it.
 */
export function packagePoolDialect(url: string): PostgresJsPoolDialect {
  const sql = postgres(url, {
    max: 5,
    onnotice: () => {},
    types: {
      bigint: {
        to: 20,
        from: [20, 1700],
        serialize: (value: number) => value.toString(),
        parse: (value: string) => Number.parseInt(value),
      },
    },
  });
  return new PostgresJsPoolDialect(sql, 0);
}
