import { sql, type Kysely } from 'kysely';
import {
  createKysely,
  type CreateKyselyOptions,
  type DB,
  DatabaseUnavailableError,
  StartupError,
} from '../../src';
import {
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from './embedded-database';
import { parseDatabaseUrl, redactDatabaseUrl } from './parse-database-url';

export interface OpenDatabaseOptions {
  /** `DATABASE_URL`; when absent an embedded PostgreSQL is started. */
  readonly databaseUrl?: string;
  /** Where the embedded cluster keeps its data; default `.data/postgres`. */
  readonly embeddedDirectory?: string;
  readonly log?: (line: string) => void;
  /** Driver, timeouts and connection-error hook of every pool opened here (see `createKysely`). */
  readonly connection?: Omit<CreateKyselyOptions, 'connectionString' | 'max'>;
}

export interface OpenDatabase {
  readonly db: Kysely<DB>;
  /** Human-readable target, password redacted. */
  readonly description: string;
  /** The URL the pool connects to, credentials included (for a second pool on the same database; never log it). */
  readonly connectionString: string;
  readonly embedded: boolean;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE = 'docmost';

function describeConnectionError(failure: unknown): string {
  // The guarded dialect wraps the driver's error; its code is what names the cause.
  const error =
    failure instanceof DatabaseUnavailableError && failure.cause !== undefined
      ? failure.cause
      : failure;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === '28P01') return 'password authentication failed';
  if (code === '3D000') return 'database does not exist';
  return message.split('\n')[0] || String(code ?? 'unknown error');
}

/** Verifies the connection once so a wrong URL fails at boot with one clear line. */
async function assertReachable(
  db: Kysely<DB>,
  description: string,
): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new StartupError(
      `cannot connect to PostgreSQL at ${description} (${describeConnectionError(error)}); check DATABASE_URL`,
      'DATABASE_URL',
      { cause: error },
    );
  }
}

export async function openDatabase(
  options: OpenDatabaseOptions,
): Promise<OpenDatabase> {
  if (options.databaseUrl !== undefined && options.databaseUrl.trim() !== '') {
    const url = parseDatabaseUrl(options.databaseUrl.trim());
    const description = redactDatabaseUrl(url);
    const db = createKysely({
      ...options.connection,
      connectionString: url.toString(),
    });
    await assertReachable(db, description);
    return {
      db,
      description,
      connectionString: url.toString(),
      embedded: false,
      close: () => db.destroy(),
    };
  }

  const embedded: EmbeddedDatabase = await startEmbeddedDatabase({
    directory: options.embeddedDirectory ?? '.data/postgres',
    onLog: options.log,
  });
  try {
    const admin = createKysely({
      ...options.connection,
      connectionString: embedded.url,
      max: 1,
    });
    try {
      const { rows } = await sql<{
        count: number;
      }>`select count(*) as count from pg_database where datname = ${EMBEDDED_DATABASE}`.execute(
        admin,
      );
      if (rows[0]?.count === 0)
        await sql.raw(`create database ${EMBEDDED_DATABASE}`).execute(admin);
    } finally {
      await admin.destroy();
    }
    const description = `embedded PostgreSQL on port ${embedded.port} (${options.embeddedDirectory ?? '.data/postgres'})`;
    const connectionString = embedded.databaseUrl(EMBEDDED_DATABASE);
    const db = createKysely({ ...options.connection, connectionString });
    await assertReachable(db, description);
    return {
      db,
      description,
      connectionString,
      embedded: true,
      async close() {
        await db.destroy();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    throw error;
  }
}
