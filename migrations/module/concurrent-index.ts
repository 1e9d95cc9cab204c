import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Indexes on Docmost's tables are built `concurrently`: a plain `create index` holds a lock that
 * blocks every insert and update of the table until the build ends (minutes on millions of
 * comments), a concurrent build does not. It cannot run inside a transaction, so the module's
 * migrations run without one (`disableTransactions`), and those that need one open their own.
 */

/** The index's definition (`pg_get_indexdef`) and whether it is valid, or undefined when absent. */
export async function indexState(
  db: Kysely<any>,
  name: string,
): Promise<
  { readonly definition: string; readonly valid: boolean } | undefined
> {
  const { rows } = await sql<{ definition: string; valid: boolean }>`
    select pg_get_indexdef(i.indexrelid) as definition, i.indisvalid as valid
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where c.relname = ${name} and n.nspname = current_schema()`.execute(db);
  return rows[0];
}

/**
 * Runs `build` with no statement timeout (a host's pool may set one at connect, and a concurrent
 * build on a large table takes longer than any query), then back to the connection's own value.
 */
async function withoutStatementTimeout(
  db: Kysely<any>,
  build: () => Promise<unknown>,
): Promise<void> {
  await sql`set statement_timeout = 0`.execute(db);
  try {
    await build();
  } finally {
    await sql`reset statement_timeout`.execute(db);
  }
}

/** Drops the index if it exists, without blocking writes to its table. */
export async function dropIndexConcurrently(
  db: Kysely<any>,
  name: string,
): Promise<void> {
  await withoutStatementTimeout(db, () =>
    sql`drop index concurrently if exists ${sql.id(name)}`.execute(db),
  );
}

/**
 * Builds `name` with `definition` (what follows `create index concurrently <name>`), without
 * blocking writes to its table. A concurrent build that failed (cancelled, a deadlock) leaves an
 * invalid index behind, which `if not exists` would keep: such a leftover is dropped first.
 */
export async function createIndexConcurrently(
  db: Kysely<any>,
  name: string,
  definition: RawBuilder<unknown>,
): Promise<void> {
  const state = await indexState(db, name);
  if (state?.valid) return;
  if (state) await dropIndexConcurrently(db, name);
  await withoutStatementTimeout(db, () =>
    sql`create index concurrently ${sql.id(name)} ${definition}`.execute(db),
  );
}
