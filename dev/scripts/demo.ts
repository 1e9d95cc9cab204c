/**
 * `npm run demo`: three chat turns of a scripted agent through the real POST /api/ai/chat, on
 * the configured database (DATABASE_URL, or the embedded PostgreSQL under .data/), printed as a
 * transcript with per-step tool tokens. Migrates and seeds first, so every run starts alike.
 * `npm run demo -- --open`: the same fresh workspace, then the host and its web app with the
 * scripted agent, to watch it by hand.
 */
import 'reflect-metadata';
import { loadAppConfig } from '../../host/config/app-config';
import { migrateToLatest } from '../../host/database';
import { renderTranscript } from '../demo/render-transcript';
import { runDemo } from '../demo/run-demo';
import { openConfiguredDatabase } from '../../host/startup/open-configured-database';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { OPEN_WEB_APP_GUIDE, runWebAppServer } from '../demo/open-web-app';
import { runCommand } from '../../host/startup/run-command';

async function main(): Promise<number> {
  const given = process.argv.slice(2);
  const open = given.length === 1 && given[0] === '--open';
  if (given.length > 0 && !open)
    throw new Error(
      `unknown argument ${given.map((argument) => `"${argument}"`).join(', ')}; npm run demo takes none, or --open`,
    );
  const database = await openConfiguredDatabase({
    config: loadAppConfig(),
    whenEmbeddedRunning: 'reuse',
  });
  try {
    for (const line of await migrateToLatest(database.db))
      process.stderr.write(`migration ${line}\n`);
    if (open) await seedDemoWorkspace(database.db);
    else
      process.stdout.write(
        renderTranscript(
          await runDemo({
            db: database.db,
            databaseDescription: database.description,
          }),
        ),
      );
  } finally {
    await database.close();
  }
  if (!open) return 0;
  // The server opens the database itself (an embedded one is stopped above, so it can); its
  // exit status is the demo's.
  process.stdout.write(OPEN_WEB_APP_GUIDE);
  return runWebAppServer(process.env);
}

runCommand(main);
