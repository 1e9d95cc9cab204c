import { migrateToLatest, type OpenDatabase } from '../database';
import { createKysely } from '../../src';
import type { AppConfig } from '../config/app-config';

/**
 * Applies every migration set over a one-connection pool of its own without the statement and
 * query timeouts the serving pool has: on a large Docmost database the module's index build on
 * `comments` runs for minutes, and a timeout would stop the server from booting.
 */
export async function migrateConfiguredDatabase(
  config: Pick<AppConfig, 'database'>,
  database: Pick<OpenDatabase, 'connectionString'>,
): Promise<readonly string[]> {
  const migrations = createKysely({
    connectionString: database.connectionString,
    driver: config.database.driver,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
    max: 1,
  });
  try {
    return await migrateToLatest(migrations);
  } finally {
    await migrations.destroy();
  }
}
