/**
 * What only a standalone server needs of a database (embedded PostgreSQL, database URLs, every
 * migration set); the package's own database helpers and types come from its entry.
 */
export {
  migrateToLatest,
  migrateAllDown,
  type MigrationSetName,
} from './migrate';
export {
  openDatabase,
  type OpenDatabase,
  type OpenDatabaseOptions,
} from './open-database';
export {
  startEmbeddedDatabase,
  findFreePort,
  type EmbeddedDatabase,
} from './embedded-database';
export { parseDatabaseUrl, redactDatabaseUrl } from './parse-database-url';
