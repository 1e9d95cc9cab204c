import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { MIGRATION_SETS, type MigrationSet } from '../migrations';

export type MigrationSetName = MigrationSet['name'];

function migratorFor(db: Kysely<any>, set: MigrationSet): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...set.migrations }) },
    migrationTableName: set.tableName,
    migrationLockTableName: `${set.tableName}_lock`,
    disableTransactions: !set.transactional,
  });
}

function unwrap(
  set: MigrationSet,
  result: MigrationResultSet,
): readonly string[] {
  if (result.error) {
    const failed =
      result.results?.find((r) => r.status === 'Error')?.migrationName ??
      'unknown';
    const reason =
      result.error instanceof Error
        ? result.error.message
        : String(result.error);
    throw new Error(`migration ${set.name}/${failed} failed: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map(
    (r) => `${set.name}/${r.migrationName} ${r.direction.toLowerCase()}`,
  );
}

/** Applies every set (base, host, module) up to its latest migration; returns what ran. */
export async function migrateToLatest(
  db: Kysely<any>,
  sets: readonly MigrationSetName[] = ['base', 'host', 'module'],
): Promise<readonly string[]> {
  const applied: string[] = [];
  for (const set of MIGRATION_SETS.filter((s) => sets.includes(s.name))) {
    applied.push(...unwrap(set, await migratorFor(db, set).migrateToLatest()));
  }
  return applied;
}

/** Reverts every migration of the given sets, newest set first. */
export async function migrateAllDown(
  db: Kysely<any>,
  sets: readonly MigrationSetName[] = ['base', 'host', 'module'],
): Promise<readonly string[]> {
  const reverted: string[] = [];
  for (const set of [...MIGRATION_SETS]
    .reverse()
    .filter((s) => sets.includes(s.name))) {
    const migrator = migratorFor(db, set);
    for (;;) {
      const executed = (await migrator.getMigrations()).filter(
        (m) => m.executedAt,
      );
      if (executed.length === 0) break;
      reverted.push(...unwrap(set, await migrator.migrateDown()));
    }
  }
  return reverted;
}
