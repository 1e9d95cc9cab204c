/** `npm run migrate`: applies the base, host and module migration sets to the configured database. */
import { loadAppConfig } from '../config/app-config';
import { fatalErrorLine } from '../startup/fatal-error-line';
import { migrateConfiguredDatabase } from '../startup/migrate-configured-database';
import { openConfiguredDatabase } from '../startup/open-configured-database';

async function main(): Promise<void> {
  const config = loadAppConfig();
  const database = await openConfiguredDatabase({
    config,
    whenEmbeddedRunning: 'reuse',
  });
  try {
    const applied = await migrateConfiguredDatabase(config, database);
    if (applied.length === 0)
      process.stdout.write(`${database.description}: already up to date\n`);
    for (const line of applied) process.stdout.write(`${line}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${fatalErrorLine(error)}\n`);
  process.exit(1);
});
