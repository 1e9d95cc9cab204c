/**
 * `npm run demo`: three chat turns of a scripted agent through the real POST /api/ai/chat, on
 * the configured database (DATABASE_URL, or the embedded PostgreSQL under .data/), printed as a
 * transcript with per-step tool tokens. Migrates and seeds first, so every run starts alike.
 */
import 'reflect-metadata';
import { loadAppConfig } from '../../host/config/app-config';
import { migrateToLatest } from '../../host/database';
import { renderTranscript } from '../demo/render-transcript';
import { runDemo } from '../demo/run-demo';
import { fatalErrorLine } from '../../host/startup/fatal-error-line';
import { openConfiguredDatabase } from '../../host/startup/open-configured-database';

async function main(): Promise<void> {
  const unknown = process.argv.slice(2);
  if (unknown.length > 0)
    throw new Error(
      `unknown argument ${unknown.map((argument) => `"${argument}"`).join(', ')}; npm run demo takes none`,
    );
  const database = await openConfiguredDatabase({
    config: loadAppConfig(),
    whenEmbeddedRunning: 'reuse',
  });
  try {
    for (const line of await migrateToLatest(database.db))
      process.stderr.write(`migration ${line}\n`);
    const report = await runDemo({
      db: database.db,
      databaseDescription: database.description,
    });
    process.stdout.write(renderTranscript(report));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${fatalErrorLine(error)}\n`);
  process.exit(1);
});
