/**
 * `npm run seed [-- --json]`: migrates the configured database and (re)creates the demo
 * workspace. With --json, stdout carries exactly one JSON object (the SeedResult) and all
 * logs go to stderr, so `npm run -s seed -- --json | jq` works.
 */
import { loadAppConfig } from '../config/app-config';
import { StartupError } from '../../src';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../seed/seed-demo-workspace';
import { migrateConfiguredDatabase } from '../startup/migrate-configured-database';
import { openConfiguredDatabase } from '../startup/open-configured-database';
import { runCommand } from '../startup/run-command';

function parseArguments(argv: readonly string[]): { json: boolean } {
  const unknown = argv.filter((argument) => argument !== '--json');
  if (unknown.length > 0)
    throw new StartupError(
      `unknown argument ${unknown.map((a) => `"${a}"`).join(', ')}; the only option is --json`,
    );
  return { json: argv.includes('--json') };
}

function summary(result: SeedResult, database: string): string {
  const lines = [
    `Seeded the demo workspace "Acme" (${result.workspaceId}) in ${database}`,
    `Spaces: ${result.spaces.map((space) => `${space.name} (${space.id})`).join(', ')}`,
    `Pages: ${result.pages.length}`,
    'API tokens (new on every run; the previous ones are revoked):',
    ...result.users.map(
      (user) =>
        `  ${user.email.padEnd(18)} ${user.role.padEnd(6)} ${user.token}`,
    ),
    '',
    'Try: curl -s -X POST http://localhost:3000/api/auth/me -H "Authorization: Bearer <token>"',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const { json } = parseArguments(process.argv.slice(2));
  const config = loadAppConfig();
  const database = await openConfiguredDatabase({
    config,
    whenEmbeddedRunning: 'reuse',
  });
  try {
    for (const line of await migrateConfiguredDatabase(config, database))
      process.stderr.write(`migration ${line}\n`);
    const result = await seedDemoWorkspace(database.db);
    process.stdout.write(
      json
        ? `${JSON.stringify(result)}\n`
        : summary(result, database.description),
    );
  } finally {
    await database.close();
  }
  return 0;
}

runCommand(main);
