import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { AppConfig } from '../../host/config/app-config';
import {
  migrateToLatest,
  openDatabase,
  parseDatabaseUrl,
  redactDatabaseUrl,
  startEmbeddedDatabase,
} from '../../host/database';
import {
  createKysely,
  StartupError,
  type DatabaseDriver,
  type DB,
} from '../../src/database';
import { embeddedDirectory } from '../../host/startup/open-configured-database';
import { findRunningEmbeddedCluster } from '../../host/startup/running-embedded-cluster';

/** The bench's own database; dropped first if a killed run left it behind. */
export const BENCH_DATABASE_NAME = 'ai_tools_bench';

/** A statement the comment signal's count sends (its first CTE), as the database received it. */
const COUNT_QUERY_MARKER = /\bwith requested as\b/;

/** The PostgreSQL server the bench creates its database on. */
export interface BenchCluster {
  /** A URL whose user may create databases. */
  readonly adminUrl: string;
  readonly description: string;
  /** `DB_DRIVER`: the bench database is served through it. */
  readonly driver: DatabaseDriver;
  /** Stops an embedded cluster the bench started; nothing for DATABASE_URL. */
  stop(): Promise<void>;
}

/** Counts the comment-signal count queries a database connection runs, and keeps the last one. */
export class CountQueryRecorder {
  count = 0;
  last: CompiledQuery | undefined;

  record(query: CompiledQuery): void {
    if (!COUNT_QUERY_MARKER.test(query.sql)) return;
    this.count += 1;
    this.last = query;
  }
}

export interface BenchDatabase {
  readonly db: Kysely<DB>;
  /** The bench database's URL, for parts that open their own pool (a whole host). */
  readonly url: string;
  readonly recorder: CountQueryRecorder;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * `DATABASE_URL`'s server, or the embedded cluster under `DATA_DIR` (started here and stopped by
 * `stop`). A cluster that `npm start` is running is refused: its load would skew the figures.
 */
export async function openBenchCluster(
  config: AppConfig,
): Promise<BenchCluster> {
  if (config.databaseUrl !== undefined) {
    const url = parseDatabaseUrl(config.databaseUrl);
    // A server that cannot be reached fails here with the one line the other commands print.
    await (
      await openDatabase({
        databaseUrl: config.databaseUrl,
        connection: config.database,
      })
    ).close();
    return {
      adminUrl: url.toString(),
      description: redactDatabaseUrl(url),
      driver: config.database.driver,
      stop: async () => undefined,
    };
  }
  const directory = embeddedDirectory(config);
  const running = findRunningEmbeddedCluster(directory);
  if (running !== undefined) {
    throw new StartupError(
      `the embedded PostgreSQL in ${directory} is in use by process ${running.pid} (npm start?); stop it before benchmarking, since its load would skew the figures, or set DATABASE_URL`,
      'DATABASE_URL',
    );
  }
  const embedded = await startEmbeddedDatabase({ directory: directory });
  return {
    adminUrl: embedded.url,
    description: `embedded PostgreSQL on port ${embedded.port} (${directory})`,
    driver: config.database.driver,
    stop: () => embedded.stop(),
  };
}

async function withAdmin(
  adminUrl: string,
  run: (admin: Kysely<DB>) => Promise<void>,
): Promise<void> {
  const admin = createKysely({ connectionString: adminUrl, max: 1 });
  try {
    await run(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * Creates the bench database next to the demo's (never touching it), migrated, with a Kysely
 * configured as the host's (CamelCasePlugin over DB_DRIVER) that also records the count queries.
 * No statement timeout: generating a large workload takes single statements of minutes.
 */
export async function createBenchDatabase(
  cluster: BenchCluster,
  name: string = BENCH_DATABASE_NAME,
): Promise<BenchDatabase> {
  await withAdmin(cluster.adminUrl, async (admin) => {
    await sql
      .raw(`drop database if exists ${name} with (force)`)
      .execute(admin);
    await sql
      .raw(`create database ${name}`)
      .execute(admin)
      .catch((error: unknown) => {
        throw new StartupError(
          `cannot create the bench database ${name} on ${cluster.description} (${(error as Error).message}); the DATABASE_URL user needs CREATEDB`,
          'DATABASE_URL',
          { cause: error },
        );
      });
  });
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${name}`;
  const recorder = new CountQueryRecorder();
  const db = createKysely({
    connectionString: url.toString(),
    driver: cluster.driver,
    max: 10,
    statementTimeoutMs: 0,
    log: (event) => recorder.record(event.query),
  });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    recorder,
    async drop() {
      await db.destroy();
      await withAdmin(
        cluster.adminUrl,
        async (admin) =>
          void (await sql
            .raw(`drop database if exists ${name} with (force)`)
            .execute(admin)),
      );
    },
  };
}
