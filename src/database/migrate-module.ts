import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import {
  AI_TOOLS_MIGRATION_TABLE,
  AI_TOOLS_MIGRATIONS,
} from '../../migrations/module';
import { missingHostColumns } from './host-schema';
import { withMigrationLock } from './migration-lock';
import { ModuleMigrationError } from './module-migration-error';

export interface MigrateModuleOptions {
  /**
   * How long to wait for the host's schema (the Docmost columns a pending migration builds on,
   * its `needs`) before failing: Docmost's own migrations may still be running on another
   * instance, or in another terminal. Default 0: fail at once when they are missing.
   */
  readonly waitForHostSchemaMs?: number;
  /** Told, once each, what the run waits for: another instance's run, the host's schema. */
  readonly onWait?: (message: string) => void;
}

/** How often the host's schema is looked at again while the run waits for it. */
const HOST_SCHEMA_RETRY_MS = 1_000;

function moduleMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...AI_TOOLS_MIGRATIONS }) },
    migrationTableName: AI_TOOLS_MIGRATION_TABLE,
    migrationLockTableName: `${AI_TOOLS_MIGRATION_TABLE}_lock`,
    // Indexes on Docmost's tables are built concurrently, which PostgreSQL refuses inside a
    // transaction: each migration runs on its own, and those that need a transaction open one.
    // Kysely's lock then ends with its statement: `withMigrationLock` holds the run's own.
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
    throw new ModuleMigrationError(
      `module/${failed}`,
      `docmost-ai-tools: migration module/${failed} failed: ${reason}`,
      { cause: result.error },
    );
  }
  return (result.results ?? []).map(
    (r) => `module/${r.migrationName} ${r.direction.toLowerCase()}`,
  );
}

/** The first pending migration whose host columns are missing, with what is missing. */
async function firstUnmetNeed(
  db: Kysely<any>,
  pending: readonly string[],
): Promise<{ migration: string; missing: readonly string[] } | undefined> {
  for (const migration of pending) {
    const missing = await missingHostColumns(
      db,
      AI_TOOLS_MIGRATIONS[migration]?.needs ?? [],
    );
    if (missing.length > 0) return { migration, missing };
  }
  return undefined;
}

/**
 * Waits (up to `waitForHostSchemaMs`) until every pending migration finds the Docmost columns it
 * builds on; throws a `ModuleMigrationError` naming the first that does not.
 */
async function awaitHostSchema(
  db: Kysely<any>,
  pending: readonly string[],
  options: MigrateModuleOptions,
): Promise<void> {
  const deadline = Date.now() + (options.waitForHostSchemaMs ?? 0);
  let told = false;
  for (;;) {
    const unmet = await firstUnmetNeed(db, pending);
    if (!unmet) return;
    const what = `migration module/${unmet.migration} needs Docmost's ${unmet.missing.join(', ')}, which this database does not have`;
    if (Date.now() >= deadline)
      throw new ModuleMigrationError(
        `module/${unmet.migration}`,
        `docmost-ai-tools: ${what}: Docmost's own migrations have not run on it ` +
          '(Docmost migrates at boot only with NODE_ENV=production; ' +
          'otherwise run them first: pnpm --filter server migration:latest)',
      );
    if (!told)
      options.onWait?.(`${what} yet: waiting for Docmost's own migrations`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, HOST_SCHEMA_RETRY_MS));
  }
}

/**
 * Applies the module's own migrations (and only those: never a base or reference-host table) to
 * the host's database, in their own bookkeeping table `ai_tools_migration`; returns what ran.
 * The whole run holds one lock, so instances booting together apply each migration once; it
 * starts only once the Docmost columns the pending migrations build on are there.
 */
export async function migrateAiToolsModule(
  db: Kysely<any>,
  options: MigrateModuleOptions = {},
): Promise<readonly string[]> {
  return withMigrationLock(
    db,
    async (connection) => {
      const migrator = moduleMigrator(connection);
      const pending = (await migrator.getMigrations())
        .filter((migration) => !migration.executedAt)
        .map((migration) => migration.name);
      await awaitHostSchema(connection, pending, options);
      return unwrap(await migrator.migrateToLatest());
    },
    {
      onWait: () =>
        options.onWait?.(
          'another instance is applying the module migrations: waiting for it',
        ),
    },
  );
}

/** Reverts every migration of the module's set, newest first; returns what ran. */
export async function revertAiToolsModule(
  db: Kysely<any>,
): Promise<readonly string[]> {
  return withMigrationLock(db, async (connection) => {
    const migrator = moduleMigrator(connection);
    const reverted: string[] = [];
    for (;;) {
      const executed = (await migrator.getMigrations()).filter(
        (m) => m.executedAt,
      );
      if (executed.length === 0) return reverted;
      reverted.push(...unwrap(await migrator.migrateDown()));
    }
  });
}
