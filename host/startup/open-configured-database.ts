import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../database';
import {
  createKysely,
  StartupError,
  type CreateKyselyOptions,
} from '../../src';
import type { AppConfig } from '../config/app-config';
import { findRunningEmbeddedCluster } from './running-embedded-cluster';

/** Where `npm start`, `npm run seed` and `npm run migrate` keep the embedded cluster. */
export function embeddedDirectory(
  config: Pick<AppConfig, 'dataDirectory'>,
): string {
  return join(config.dataDirectory, 'postgres');
}

// The credentials and database name openDatabase gives the embedded cluster.
const EMBEDDED_CREDENTIALS = 'postgres:postgres';
const EMBEDDED_DATABASE = 'docmost';

export interface OpenConfiguredDatabaseOptions {
  readonly config: AppConfig;
  /**
   * What to do when a server already runs the embedded cluster: `reuse` connects to it (the
   * seed and migrate scripts, run next to `npm start`), `fail` reports it (a second server
   * would stop the cluster under the first one when it exits).
   */
  readonly whenEmbeddedRunning: 'reuse' | 'fail';
  readonly log?: (line: string) => void;
  /** Errors of connections lost outside a query; default: ignored. */
  readonly onConnectionError?: (error: Error) => void;
}

/** The driver and timeouts of `DB_DRIVER` and `DB_*_TIMEOUT_MS`. */
export function connectionOptions(
  config: Pick<AppConfig, 'database'>,
  onConnectionError?: (error: Error) => void,
): Omit<CreateKyselyOptions, 'connectionString' | 'max'> {
  return {
    ...config.database,
    ...(onConnectionError === undefined ? {} : { onConnectionError }),
  };
}

/** `DATABASE_URL`, or the embedded PostgreSQL under `DATA_DIR` (started here, or a running one). */
export async function openConfiguredDatabase(
  options: OpenConfiguredDatabaseOptions,
): Promise<OpenDatabase> {
  const connection = connectionOptions(
    options.config,
    options.onConnectionError,
  );
  if (options.config.databaseUrl !== undefined)
    return openDatabase({
      databaseUrl: options.config.databaseUrl,
      log: options.log,
      connection,
    });
  const directory = embeddedDirectory(options.config);
  const running = findRunningEmbeddedCluster(directory);
  if (running === undefined)
    return openDatabase({
      embeddedDirectory: directory,
      log: options.log,
      connection,
    });
  if (options.whenEmbeddedRunning === 'fail') {
    throw new StartupError(
      `the embedded PostgreSQL in ${directory} is already in use by process ${running.pid} (another npm start?); stop that process, or set DATABASE_URL to another PostgreSQL`,
      'DATABASE_URL',
    );
  }
  const connectionString = `postgres://${EMBEDDED_CREDENTIALS}@127.0.0.1:${running.port}/${EMBEDDED_DATABASE}`;
  const db = createKysely({ ...connection, connectionString });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new StartupError(
      `cannot connect to the embedded PostgreSQL that process ${running.pid} runs on port ${running.port} (${(error as Error).message}); wait until that server is up, or set DATABASE_URL`,
      'DATABASE_URL',
      { cause: error },
    );
  }
  return {
    db,
    description: `embedded PostgreSQL of the running server (pid ${running.pid}) on port ${running.port} (${directory})`,
    connectionString,
    embedded: true,
    // The cluster belongs to the running server: close only this pool.
    close: () => db.destroy(),
  };
}
