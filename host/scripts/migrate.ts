/** `npm run migrate`: applies the base, host and module migration sets to the configured database. */
import { loadAppConfig } from '../config/app-config';
import { migrateConfiguredDatabase } from '../startup/migrate-configured-database';
import { openConfiguredDatabase } from '../startup/open-configured-database';
import { runCommand } from '../startup/run-command';

async function main(): Promise<number> {
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
  return 0;
}

runCommand(main);
