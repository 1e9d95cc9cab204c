import { parseDatabaseDriver } from '../../src/database/database-driver';

declare global {
  var testDatabaseDriver: string | undefined;
}

/**
 * Runs before every integration file (jest `setupFiles`): the project's driver becomes DB_DRIVER,
 * which test databases connect with and servers spawned by the file inherit.
 */
process.env.DB_DRIVER = parseDatabaseDriver(
  globalThis.testDatabaseDriver,
  'testDatabaseDriver (jest project globals)',
);
