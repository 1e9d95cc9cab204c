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
 * Docmost's own migration history as Kysely's Migrator keeps it, every name dated after the
 * package's module migrations (2025-01-01): a Migrator run on this table without
 * `allowUnorderedMigrations` would refuse any migration sorting before them.
 */
export const DOCMOST_EXECUTED_MIGRATIONS = [
  '20240324T085400-uuid_v7_fn',
  '20240324T085500-workspaces',
  '20250521T154949-ai-chats',
  '20250912T101500-comments-resolved',
] as const;

/**
 * A database shaped as Docmost's, already migrated by Docmost: Docmost's tables with the demo
 * workspace and Docmost's `kysely_migration` history, and nothing of this package or its
 * reference host (no module tables or index, no api_tokens, no bookkeeping), so the consumer
 * app's mount has everything of its own to create.
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
    await sql`create table kysely_migration (
      name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      database.db,
    );
    await sql`create table kysely_migration_lock (
      id varchar(255) primary key, is_locked integer not null default 0)`.execute(
      database.db,
    );
    await sql`insert into kysely_migration_lock values ('migration_lock', 0)`.execute(
      database.db,
    );
    for (const name of DOCMOST_EXECUTED_MIGRATIONS)
      await sql`insert into kysely_migration values (${name}, '2025-10-01T08:00:00.000Z')`.execute(
        database.db,
      );
    return database;
  } catch (error) {
    // The caller never gets it, so it cannot drop it.
    await database.drop();
    throw error;
  }
}

/** Docmost's migration history, in name order. */
export async function docmostMigrationHistory(
  database: TestDatabase,
): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(database.db);
  return rows.rows.map((row) => row.name);
}

/** The module's own migration history: each name with when it ran. */
export async function moduleMigrationHistory(
  database: TestDatabase,
): Promise<{ name: string; timestamp: string }[]> {
  const rows = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from ai_tools_migration order by name`.execute(
    database.db,
  );
  return rows.rows;
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
