import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import {
  AI_TOOLS_MIGRATION_TABLE,
  AI_TOOLS_MIGRATIONS,
} from '../../migrations/module';

function moduleMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...AI_TOOLS_MIGRATIONS }) },
    migrationTableName: AI_TOOLS_MIGRATION_TABLE,
    migrationLockTableName: `${AI_TOOLS_MIGRATION_TABLE}_lock`,
    // Indexes on Docmost's tables are built concurrently, which PostgreSQL refuses inside a
    // transaction: each migration runs on its own, and those that need a transaction open one.
    disableTransactions: true,
  });
}

function unwrap(result: MigrationResultSet): readonly string[] {
  if (result.error) {
    const failed =
      result.results?.find((r) => r.status === 'Error')?.migrationName ??
      'unknown';
    const reason =
      result.error instanceof Error
        ? result.error.message
        : String(result.error);
    throw new Error(`migration module/${failed} failed: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map(
    (r) => `module/${r.migrationName} ${r.direction.toLowerCase()}`,
  );
}

/**
 * Applies the module's own migrations (and only those: never a base or reference-host table) to
 * the host's database, in their own bookkeeping table `ai_tools_migration`; returns what ran.
 */
export async function migrateAiToolsModule(
  db: Kysely<any>,
): Promise<readonly string[]> {
  return unwrap(await moduleMigrator(db).migrateToLatest());
}

/** Reverts every migration of the module's set, newest first; returns what ran. */
export async function revertAiToolsModule(
  db: Kysely<any>,
): Promise<readonly string[]> {
  const migrator = moduleMigrator(db);
  const reverted: string[] = [];
  for (;;) {
    const executed = (await migrator.getMigrations()).filter(
      (m) => m.executedAt,
    );
    if (executed.length === 0) return reverted;
    reverted.push(...unwrap(await migrator.migrateDown()));
  }
}
