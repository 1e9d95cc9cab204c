import { sql, type Kysely } from 'kysely';

/**
 * Of `needs` (`table.column` in the connection's current schema), those the database does not
 * have, in the order given.
 */
export async function missingHostColumns(
  db: Kysely<any>,
  needs: readonly string[],
): Promise<readonly string[]> {
  if (needs.length === 0) return [];
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || column_name as name
    from information_schema.columns
    where table_schema = current_schema()
      and table_name || '.' || column_name in (${sql.join(needs.map((need) => sql`${need}`))})`.execute(
    db,
  );
  const present = new Set(rows.map((row) => row.name));
  return needs.filter((need) => !present.has(need));
}
