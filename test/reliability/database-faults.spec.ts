import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql, type Kysely } from 'kysely';
import { createKysely, type DB } from '../../src/database';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { testDatabaseDriver } from '../support/test-database';
import { startFaultCluster, type FaultCluster } from './support/fault-cluster';
import { recordFigure } from './support/reliability-figures';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';

/**
 * `npm start` on a PostgreSQL of its own that the test breaks while the server runs: a backend
 * terminated mid-query, a stop and restart, a pause (SIGSTOP). Shorter timeouts than the
 * defaults (15 s statement, 5 s connect) keep it fast, with room for a loaded CI machine, where
 * opening a connection alone took over a second.
 */
const STATEMENT_TIMEOUT_MS = 4_000;
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 5_000;
const CALL_TIMEOUT_MS = 15_000;

jest.setTimeout(90_000);

interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly elapsedMs: number;
}

async function timed(url: string, init?: RequestInit): Promise<HttpAnswer> {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  const body: unknown = await response.json().catch(() => undefined);
  return {
    status: response.status,
    body,
    elapsedMs: performance.now() - startedAt,
  };
}

async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const startedAt = performance.now();
  while (!(await check())) {
    if (performance.now() - startedAt > timeoutMs)
      throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - startedAt;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[])
    .map((item) => item.text)
    .join('\n');
}

describe(`npm start when the database fails (${testDatabaseDriver()})`, () => {
  let cluster: FaultCluster;
  let server: ServerUnderTest;
  let db: Kysely<DB>;
  let seed: SeedResult;
  let client: Client;

  const health = () => timed(`${server.baseUrl}/api/health`);
  const settings = () =>
    timed(`${server.baseUrl}/api/ai-tools/settings/info`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seed.users[0]!.token}` },
    });
  // A server that crashed never answers: fail in seconds rather than after the SDK's minute.
  const callTool = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }, undefined, {
      timeout: CALL_TIMEOUT_MS,
    });
  const getPage = () => callTool('get_page', { pageId: seed.pages[0]!.id });

  beforeAll(async () => {
    cluster = await startFaultCluster();
    const admin = createKysely({
      connectionString: cluster.url('postgres'),
      max: 1,
    });
    await sql.raw('create database docmost').execute(admin);
    await admin.destroy();
    server = await startServer({
      DATABASE_URL: cluster.url('docmost'),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    });
    db = createKysely({
      connectionString: cluster.url('docmost'),
      driver: testDatabaseDriver(),
      max: 2,
    });
    seed = await seedDemoWorkspace(db);
    client = new Client({ name: 'reliability-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: {
          headers: { Authorization: `Bearer ${seed.users[0]!.token}` },
        },
      }),
    );
  });

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    // DEBUG_FAULTS=1 prints the server's log, to see why a case failed.
    if (process.env.DEBUG_FAULTS) process.stdout.write(server?.stderr() ?? '');
    await server?.stop();
    await cluster?.close();
  });

  it('fails only the call whose backend is terminated mid-query; the next call works and the process lives', async () => {
    expect((await getPage()).isError).toBeFalsy();
    // An exclusive lock holds the tool's query in flight until its backend is terminated.
    const lock = await db.startTransaction().execute();
    try {
      await sql`lock table pages in access exclusive mode`.execute(lock);
      const call = getPage();
      const waiting = () =>
        sql<{
          pid: number;
        }>`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
          db,
        );
      await until(
        'a tool query waiting on the lock',
        async () => (await waiting()).rows.length > 0,
        10_000,
      );
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
        db,
      );
      const failed = await call;
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toMatch(
        /^get_page failed: database unavailable: (the server terminated the connection|connection (reset|closed|lost))/,
      );
    } finally {
      await lock.rollback().execute();
    }
    const next = await getPage();
    expect(next.isError).toBeFalsy();
    expect(textOf(next)).toContain(seed.pages[0]!.title);
    expect(server.alive()).toBe(true);
    expect((await health()).status).toBe(200);
  });

  it('fails only the write whose backend is terminated inside its transaction; nothing is half-written and the next write works', async () => {
    const page = seed.pages[1]!;
    const rename = (title: string) =>
      callTool('rename_page', { pageId: page.id, title });
    // A row lock lets the tool read the page, then holds its UPDATE inside the write transaction.
    const lock = await db.startTransaction().execute();
    try {
      await sql`select id from pages where id = ${page.id}::uuid for update`.execute(
        lock,
      );
      const call = rename('Renamed while the database failed');
      const waiting = async () =>
        (
          await sql<{
            pid: number;
          }>`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
            db,
          )
        ).rows;
      await until(
        'the tool UPDATE waiting on the row lock',
        async () => (await waiting()).length > 0,
        10_000,
      );
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
        db,
      );
      const failed = await call;
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toMatch(
        /^rename_page failed: database unavailable: (the server terminated the connection|connection (reset|closed|lost))/,
      );
    } finally {
      await lock.rollback().execute();
    }
    expect(server.alive()).toBe(true);
    const stored = await db
      .selectFrom('pages')
      .select('title')
      .where('id', '=', page.id)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe(page.title);
    const next = await rename('Renamed after the failure');
    expect(next.isError).toBeFalsy();
    expect(
      (
        await db
          .selectFrom('pages')
          .select('title')
          .where('id', '=', page.id)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Renamed after the failure');
  });

  it('answers 503 "down" while the database is stopped, with one log line, and recovers without a restart', async () => {
    const stderrBefore = server.stderr().length;
    await cluster.stop();
    try {
      await expectDownWhileStopped(stderrBefore);
    } finally {
      await cluster.start();
    }
    const recoveryMs = await until(
      'health answering ok',
      async () => (await health()).status === 200,
      15_000,
    );
    recordFigure(
      `${testDatabaseDriver()} restart: health ok again after the database started`,
      `${Math.round(recoveryMs)} ms`,
    );
    expect((await settings()).status).toBe(200);
    expect((await getPage()).isError).toBeFalsy();
    expect(server.alive()).toBe(true);
  });

  async function expectDownWhileStopped(stderrBefore: number): Promise<void> {
    const down = await health();
    expect(down).toMatchObject({
      status: 503,
      body: { status: 'error', database: 'down' },
    });
    expect(down.elapsedMs).toBeLessThan(1_500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => settings()),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 503,
        body: {
          statusCode: 503,
          message: 'the database is unavailable; try again in a few seconds',
        },
      });
    }
    const log = server.stderr().slice(stderrBefore);
    // One line for the outage (a second one at most, if the 10 s interval elapsed), no stacks.
    expect(
      log
        .split('\n')
        .filter((line) => line.includes('database unavailable, answering 503'))
        .length,
    ).toBeLessThanOrEqual(2);
    expect(log).not.toMatch(/^\s+at /m);
  }

  it('gives fast errors while the database is paused (SIGSTOP) and recovers on SIGCONT', async () => {
    await cluster.pause();
    try {
      const down = await health();
      expect(down).toMatchObject({ status: 503, body: { database: 'down' } });
      expect(down.elapsedMs).toBeLessThan(1_500);
      recordFigure(
        `${testDatabaseDriver()} paused: health answered 503 in`,
        `${Math.round(down.elapsedMs)} ms`,
      );
      const refused = await settings();
      expect(refused.status).toBe(503);
      // The auth query waits for a connection (connect timeout) or an answer (query timeout).
      expect(refused.elapsedMs).toBeLessThan(QUERY_TIMEOUT_MS + 1_500);
      recordFigure(
        `${testDatabaseDriver()} paused: an authenticated request answered 503 in`,
        `${Math.round(refused.elapsedMs)} ms`,
      );
    } finally {
      await cluster.resume();
    }
    const recoveryMs = await until(
      'health answering ok',
      async () => (await health()).status === 200,
      15_000,
    );
    recordFigure(
      `${testDatabaseDriver()} paused: health ok again after SIGCONT`,
      `${Math.round(recoveryMs)} ms`,
    );
    await until(
      'an authenticated request answering 200',
      async () => (await settings()).status === 200,
      15_000,
    );
    expect((await getPage()).isError).toBeFalsy();
    expect(server.alive()).toBe(true);
  });
});
