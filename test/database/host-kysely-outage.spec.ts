import { createServer } from 'node:net';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { Pool } from 'pg';
import postgres from 'postgres';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { expectToolError, seededTools } from '../support/seeded-tools';
import {
  createTestDatabase,
  testDatabaseDriver,
  type TestDatabase,
} from '../support/test-database';

/**
 * Inside Docmost the module runs on Docmost's own Kysely (nestjs-kysely over postgres.js), not
 * on one `createKysely` built with its outage handling. A database that cannot answer must
 * still reach the model as `unavailable` (retry later), and an error of the statement as
 * `internal`, with either driver.
 */

/** A Kysely as a host builds its own: the plain dialect and CamelCasePlugin, nothing else. */
function hostKysely(url: string): Kysely<any> {
  const dialect =
    testDatabaseDriver() === 'postgres-js'
      ? new PostgresJSDialect({
          postgres: postgres(url, { max: 1, onnotice: () => undefined }),
        })
      : new PostgresDialect({
          pool: new Pool({ connectionString: url, max: 1 }),
        });
  return new Kysely<any>({ dialect, plugins: [new CamelCasePlugin()] });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string')
    throw new Error('no port');
  return address.port;
}

const opened: Kysely<any>[] = [];
let empty: TestDatabase | undefined;
let seeded: TestDatabase | undefined;

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await empty?.drop();
  await seeded?.drop();
});

/** The registry's log lines, kept instead of printed: the failures here are on purpose. */
function recordingLogger(): {
  lines: string[];
  warn(line: string): void;
  error(line: string): void;
} {
  const lines: string[] = [];
  return {
    lines,
    warn: (line) => lines.push(`warn: ${line}`),
    error: (line) => lines.push(`error: ${line}`),
  };
}

function open(url: string): Kysely<any> {
  const db = hostKysely(url);
  opened.push(db);
  return db;
}

it('answers from the host’s own Kysely when the database is there', async () => {
  seeded = await createTestDatabase();
  const tools = seededTools(open(seeded.url));
  await expect(
    tools.call('getPage', { pageId: SEED_IDS.pages.engineeringSetup }),
  ).resolves.toMatchObject({ title: 'Engineering Setup' });
});

it('reports a refused connection as unavailable, naming the reason', async () => {
  const port = await closedPort();
  const logger = recordingLogger();
  const tools = seededTools(
    open(`postgres://docmost@127.0.0.1:${port}/docmost`),
    { logger },
  );
  const error = await expectToolError(
    tools.call('getPage', { pageId: SEED_IDS.pages.engineeringSetup }),
  );
  expect(error.code).toBe('unavailable');
  // The reason only: the driver's message names the host and port, which stay in the log.
  expect(error.message).toBe(
    'getPage failed: database unavailable: connection refused; try again',
  );
  // The host and port go to the log, as one warning without a stack.
  expect(logger.lines).toEqual([
    expect.stringMatching(
      new RegExp(
        `^warn: tool getPage failed: database unavailable: connection refused; try again \\[.*127\\.0\\.0\\.1:${port}.*\\]$`,
      ),
    ),
  ]);
});

it('never mistakes a tool’s own refusal for an outage, whatever its words', async () => {
  const tools = seededTools(open(seeded!.url));
  // node-postgres says "… is not queryable" when a connection broke; a refusal quoting it is not that.
  const error = await expectToolError(
    tools.call('editPageText', {
      pageId: SEED_IDS.pages.engineeringSetup,
      find: 'this phrase is not queryable',
      replace: 'x',
    }),
  );
  expect(error.code).not.toBe('unavailable');
  expect(error.code).not.toBe('internal');
});

it('keeps an error of the statement itself internal, without its SQL', async () => {
  // A database without Docmost's tables: the query fails with "relation does not exist".
  empty = await createTestDatabase({ empty: true });
  const logger = recordingLogger();
  const tools = seededTools(open(empty.url), { logger });
  const error = await expectToolError(
    tools.call('getPage', { pageId: SEED_IDS.pages.engineeringSetup }),
    { internal: true },
  );
  expect(error.code).toBe('internal');
  expect(error.message).not.toMatch(/relation|select/i);
  // The statement's own error, with its stack, goes to the log for whoever runs the server.
  expect(logger.lines).toEqual([
    expect.stringMatching(
      /^error: tool getPage failed: .*relation "pages" does not exist\n\s+at /,
    ),
  ]);
});
