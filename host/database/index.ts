/**
 * The reference host's database layer: what it uses of the package's (through the package's
 * entry) plus what only a standalone server needs (embedded PostgreSQL, database URLs, every
 * migration set).
 */
export {
  createKysely,
  parseDatabaseDriver,
  KYSELY,
  StartupError,
  type CreateKyselyOptions,
  type DatabaseDriver,
  type DB,
  type JsonValue,
  type SpaceRole,
  type UserRole,
} from '../../src';
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
