export type * from './database.types';
export { createKysely } from './create-kysely';
export { migrateToLatest, migrateAllDown, type MigrationSetName } from './migrate';
export { openDatabase, type OpenDatabase, type OpenDatabaseOptions } from './open-database';
export { startEmbeddedDatabase, findFreePort, type EmbeddedDatabase } from './embedded-database';
export { parseDatabaseUrl, redactDatabaseUrl } from './parse-database-url';
export { StartupError } from './startup-error';
export { KYSELY, InjectKysely } from './kysely.token';
