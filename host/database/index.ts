/**
 * The reference host's database layer: the package's (src/database) plus what only a
 * standalone server needs (embedded PostgreSQL, database URLs, every migration set).
 */
export * from '../../src/database';
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
