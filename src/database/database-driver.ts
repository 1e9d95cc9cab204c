import { StartupError } from './startup-error';

/**
 * The PostgreSQL client under Kysely: `pg` (node-postgres) or `postgres-js` (postgres.js through
 * kysely-postgres-js, as Docmost's server connects). The module behaves the same on both.
 */
export const DATABASE_DRIVERS = ['pg', 'postgres-js'] as const;

export type DatabaseDriver = (typeof DATABASE_DRIVERS)[number];

export const DEFAULT_DATABASE_DRIVER: DatabaseDriver = 'pg';

export function isDatabaseDriver(value: unknown): value is DatabaseDriver {
  return (
    typeof value === 'string' &&
    (DATABASE_DRIVERS as readonly string[]).includes(value)
  );
}

/** `DB_DRIVER` as configured; blank means the default. Anything else fails naming the valid values. */
export function parseDatabaseDriver(
  raw: string | undefined,
  variable = 'DB_DRIVER',
): DatabaseDriver {
  if (raw === undefined || raw.trim() === '') return DEFAULT_DATABASE_DRIVER;
  const value = raw.trim();
  if (isDatabaseDriver(value)) return value;
  throw new StartupError(
    `${variable}="${raw}" is not valid; expected one of: ${DATABASE_DRIVERS.join(', ')}`,
    variable,
  );
}
