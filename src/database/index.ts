export type * from './database.types';
export { createKysely, type CreateKyselyOptions } from './create-kysely';
export { PostgresJsPoolDialect } from './postgres-js-driver';
export {
  DATABASE_DRIVERS,
  DEFAULT_DATABASE_DRIVER,
  isDatabaseDriver,
  parseDatabaseDriver,
  type DatabaseDriver,
} from './database-driver';
export {
  resolveDatabaseTimeouts,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabaseTimeouts,
} from './database-timeouts';
export { DatabaseUnavailableError } from './database-unavailable-error';
export { asDatabaseUnavailable } from './as-database-unavailable';
export {
  classifyDatabaseError,
  type UnavailableReason,
} from './classify-database-error';
export { StartupError } from './startup-error';
export { KYSELY, InjectKysely } from './kysely.token';
export { migrateAiToolsModule, revertAiToolsModule } from './migrate-module';
export { type MigrateModuleOptions } from './migrate-module';
export { ModuleMigrationError } from './module-migration-error';
export { MODULE_MIGRATION_LOCK_KEY } from './migration-lock';
export {
  MODULE_MIGRATIONS_AT_BOOT,
  ModuleMigrationsAtBootModule,
  resolveMigrationsAtBoot,
  type ModuleMigrationsAtBootOptions,
} from './module-migrations-at-boot';
export { jsonbElementsOfBoth } from './jsonb-elements';
export {
  docmostPageVisible,
  pagePermissionsQuery,
  pageRestrictedQuery,
  type PageColumns,
  type PagePermissionCaller,
  type PageVisibilityCondition,
} from './page-permission-sql';
