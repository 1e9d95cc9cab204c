import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../host/database';
import { createKysely, type DatabaseDriver, type DB } from '../../src/database';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';

/** One database of a run, cloned from the seeded template. */
export interface ScenarioDatabaseHandle {
  readonly db: Kysely<DB>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** The seeded template and a way to clone it; `close` drops the template. */
export interface EvalDatabases {
  /** The seed's answer when the template was built: its bearer tokens work in every clone. */
  readonly seed: SeedResult;
  clone(): Promise<ScenarioDatabaseHandle>;
  /** Drops a clone in the background; `close` waits for it. */
  release(handle: ScenarioDatabaseHandle): void;
  close(): Promise<void>;
}

export interface PrepareEvalDatabasesOptions {
  /** A PostgreSQL URL whose user may create and drop databases. */
  readonly adminUrl: string;
  /** An already migrated database to start the template from; default: an empty one, migrated here. */
  readonly migratedTemplate?: string;
  /** The driver the host's database is served through (`DB_DRIVER`); default pg. */
  readonly driver?: DatabaseDriver;
}

function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(
  adminUrl: string,
  run: (admin: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const admin = createKysely({ connectionString: adminUrl, max: 1 });
  try {
    return await run(admin);
  } finally {
    await admin.destroy();
  }
}

/** CREATE DATABASE … TEMPLATE fails while another session is connected to the template; that session is brief. */
async function createFrom(
  admin: Kysely<DB>,
  name: string,
  template: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql
        .raw(`create database ${name} template ${template}`)
        .execute(admin);
      return;
    } catch (error) {
      if (
        attempt >= 20 ||
        !/being accessed by other users/.test((error as Error).message)
      )
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Builds one migrated and seeded template database, then hands out clones of it
 * (`CREATE DATABASE … TEMPLATE`): every scenario and mode starts from the same rows, at a
 * fraction of what migrating and seeding each time would cost.
 */
export async function prepareEvalDatabases(
  options: PrepareEvalDatabasesOptions,
): Promise<EvalDatabases> {
  const { adminUrl } = options;
  const prefix = `ai_tools_eval_${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  await withAdmin(adminUrl, (admin) =>
    createFrom(admin, template, options.migratedTemplate ?? 'template0'),
  );
  const templateDb = createKysely({
    connectionString: databaseUrl(adminUrl, template),
    max: 2,
    driver: options.driver,
  });
  let seed: SeedResult;
  try {
    if (options.migratedTemplate === undefined)
      await migrateToLatest(templateDb);
    seed = await seedDemoWorkspace(templateDb);
  } finally {
    await templateDb.destroy();
  }
  let counter = 0;
  const make = async (): Promise<ScenarioDatabaseHandle> => {
    const name = `${prefix}_${++counter}`;
    await withAdmin(adminUrl, (admin) => createFrom(admin, name, template));
    const db = createKysely({
      connectionString: databaseUrl(adminUrl, name),
      max: 5,
      driver: options.driver,
    });
    return {
      db,
      async drop() {
        await db.destroy();
        await withAdmin(adminUrl, (admin) =>
          sql
            .raw(`drop database if exists ${name} with (force)`)
            .execute(admin),
        );
      },
    };
  };
  // Copying the template takes about as long as a scripted run: the next clone is made while
  // the current run plays, and used clones are dropped in the background.
  let ahead: Promise<ScenarioDatabaseHandle> | undefined;
  const drops = new Set<Promise<void>>();
  const release = (handle: ScenarioDatabaseHandle): void => {
    const drop = handle.drop().finally(() => drops.delete(drop));
    drops.add(drop);
  };
  return {
    seed,
    clone() {
      const current = ahead ?? make();
      ahead = make();
      // Awaited by the next clone() or by close(); never left to reject unobserved.
      ahead.catch(() => undefined);
      return current;
    },
    release,
    async close() {
      const spare = await ahead?.catch(() => undefined);
      if (spare !== undefined) release(spare);
      await Promise.allSettled([...drops]);
      await withAdmin(adminUrl, (admin) =>
        sql
          .raw(`drop database if exists ${template} with (force)`)
          .execute(admin),
      );
    },
  };
}
