import { loadAppConfig } from '../../host/config/app-config';
import { openBenchCluster } from '../bench/bench-database';
import { measureMigrateUnderWrites } from '../bench/migrate-under-writes';

/**
 * `npx ts-node --transpile-only dev/scripts/bench-migrate.ts [--comments N]`: comment writes
 * while the module's migrations build their index on `comments` (default 1,000,000 comments),
 * against a plain `create index`. Prints progress, then one JSON line of figures.
 */
async function main(): Promise<void> {
  const argument = process.argv.indexOf('--comments');
  const comments =
    argument === -1 ? 1_000_000 : Number(process.argv[argument + 1]);
  if (!Number.isInteger(comments) || comments < 1)
    throw new Error(
      `--comments must be a positive integer, got ${process.argv[argument + 1]}`,
    );
  const cluster = await openBenchCluster(loadAppConfig());
  try {
    const figures = await measureMigrateUnderWrites(cluster, comments, (line) =>
      process.stderr.write(`${line}\n`),
    );
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
