import { sql } from 'kysely';
import { migrateAllDown } from '../../../host/database';
import { revertAiToolsModule } from '../../../src/database';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';

/** Bookkeeping tables of the three migration sets (and their locks); Docmost has none of them. */
const BOOKKEEPING_TABLES = [
  'ai_tools_migration',
  'ai_tools_host_migration',
  'ai_tools_base_migration',
] as const;

/**
 * A database shaped as Docmost's: Docmost's tables with the demo workspace, and nothing of this
 * package or its reference host (no module tables or index, no api_tokens, no bookkeeping), so
 * the consumer app's own `migrateAiToolsModule` has everything to create.
 */
export async function createDocmostShapedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  try {
    await revertAiToolsModule(database.db);
    await migrateAllDown(database.db, ['host']);
    for (const table of BOOKKEEPING_TABLES) {
      await sql`drop table if exists ${sql.table(table)}`.execute(database.db);
      await sql`drop table if exists ${sql.table(`${table}_lock`)}`.execute(
        database.db,
      );
    }
    return database;
  } catch (error) {
    // The caller never gets it, so it cannot drop it.
    await database.drop();
    throw error;
  }
}

/** Tables whose name starts with `ai_tools`, and whether the comment count's index exists. */
export async function moduleFootprint(
  database: TestDatabase,
): Promise<{ tables: string[]; commentCountIndex: boolean }> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name like 'ai\\_tools%'
    order by table_name`.execute(database.db);
  const index = await sql<{ name: string }>`
    select indexname as name from pg_indexes
    where indexname = 'idx_comments_page_id_created_at'`.execute(database.db);
  return {
    tables: tables.rows.map((row) => row.name),
    commentCountIndex: index.rows.length === 1,
  };
}
