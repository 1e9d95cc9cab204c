import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  createKysely,
  parseDatabaseDriver,
  type DatabaseDriver,
} from '../../src/database';
import type { DB } from '../../src/database';
import { databaseUrlFor, requireTestEnv, TEST_ENV } from './test-environment';

/** The driver under test: DB_DRIVER, which each integration jest project sets (default pg). */
export function testDatabaseDriver(): DatabaseDriver {
  return parseDatabaseDriver(process.env.DB_DRIVER);
}

export interface TestDatabase {
  /** Served through the driver under test. */
  readonly db: Kysely<DB>;
  readonly driver: DatabaseDriver;
  readonly name: string;
  readonly url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Clone the migrated + seeded template (default) or the migrated-only one. */
  readonly seeded?: boolean;
  /** Clone nothing: an empty database (for migration tests). */
  readonly empty?: boolean;
}

async function withAdmin<T>(
  run: (admin: Kysely<any>) => Promise<T>,
): Promise<T> {
  const admin = createKysely({
    connectionString: requireTestEnv(TEST_ENV.adminUrl),
    max: 1,
  });
  try {
    return await run(admin);
  } finally {
    await admin.destroy();
  }
}

/** A database of its own for one test file, cloned from a template that global setup built. */
export async function createTestDatabase(
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const adminUrl = requireTestEnv(TEST_ENV.adminUrl);
  const template = options.empty
    ? 'template0'
    : requireTestEnv(
        options.seeded === false
          ? TEST_ENV.migratedTemplate
          : TEST_ENV.seededTemplate,
      );
  const name = `ai_tools_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    // Two files cloning the same template at once can see "being accessed by other users".
    for (let attempt = 1; ; attempt++) {
      try {
        await sql
          .raw(`create database ${name} template ${template}`)
          .execute(admin);
        return;
      } catch (error) {
        if (
          attempt >= 20 ||
          !/being accessed by other users/.test(
            String((error as Error).message),
          )
        )
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const url = databaseUrlFor(adminUrl, name);
  const driver = testDatabaseDriver();
  const db = createKysely({ connectionString: url, max: 5, driver });
  return {
    db,
    driver,
    name,
    url,
    async drop() {
      await db.destroy();
      await withAdmin((admin) =>
        sql.raw(`drop database if exists ${name} with (force)`).execute(admin),
      );
    },
  };
}
