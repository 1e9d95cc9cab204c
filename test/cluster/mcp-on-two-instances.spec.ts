import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'kysely';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  buildWebApp,
  webAppBundleIsStale,
} from '../../host/web/web-app-bundle';
import { insertComment } from '../comment-signal/support/comment-signal-fixtures';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * The reference host as a cluster, as an operator runs it: two `npm start` processes on one
 * PostgreSQL and one redis-server, and an MCP client whose requests a "load balancer" sends to
 * whichever instance the test names. One session, any instance: the session, its comment
 * signal and the user's tool-call limit are the cluster's, not a process's.
 */

jest.setTimeout(240_000);

const PAGE = SEED_IDS.pages.roadmap;

type Instance = 'A' | 'B';

interface ToolResult {
  readonly isError?: boolean;
  readonly content: { readonly type: string; readonly text: string }[];
}

describe('MCP on two instances of the reference host (one PostgreSQL, one Redis)', () => {
  let database: TestDatabase;
  let redis: RedisServerUnderTest;
  let seed: SeedResult;
  const servers = new Map<Instance, ServerUnderTest>();
  const clients: Client[] = [];

  /** An MCP client of `user`; each request goes to the instance `route.to` names when it is sent. */
  async function connect(
    token: string,
    route: { to: Instance },
  ): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(
      new URL(`${servers.get('A')!.baseUrl}/mcp`),
      {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: (url, init) =>
          fetch(
            String(url).replace(
              servers.get('A')!.baseUrl,
              servers.get(route.to)!.baseUrl,
            ),
            init,
          ),
      },
    );
    const client = new Client({ name: 'cluster-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function getPage(client: Client): Promise<ToolResult> {
    return (await client.callTool({
      name: 'get_page',
      arguments: { pageId: PAGE },
    })) as ToolResult;
  }

  function signalsOf(result: ToolResult): string[] {
    return result.content
      .map((element) => element.text)
      .filter((text) => text.startsWith('[signal]'));
  }

  function token(role: 'owner' | 'admin'): string {
    return seed.users.find((user) => user.role === role)!.token;
  }

  beforeAll(async () => {
    [database, redis] = await Promise.all([
      createTestDatabase(),
      startRedisServer(),
    ]);
    seed = await seedDemoWorkspace(database.db);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
      AI_CALLS_PER_USER_RUNNING: '1',
      AI_CALLS_PER_USER_MAX_IN_PROGRESS: '1',
    };
    // Built once here when stale, so the two instances start side by side and neither builds it.
    if (webAppBundleIsStale()) await buildWebApp();
    const [a, b] = await Promise.all([
      startServer(env, { startupTimeoutMs: 100_000 }),
      startServer(env, { startupTimeoutMs: 100_000 }),
    ]);
    servers.set('A', a);
    servers.set('B', b);
  });

  afterAll(async () => {
    await Promise.all(
      clients.map((client) => client.close().catch(() => undefined)),
    );
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await redis?.stop();
    await database?.drop();
  });

  it('continues a session opened on A on B, and each new comment is signalled once, on whichever instance comes next', async () => {
    const route: { to: Instance } = { to: 'A' };
    const client = await connect(token('owner'), route);
    expect(signalsOf(await getPage(client))).toEqual([]);

    await insertComment(database.db, { pageId: PAGE, text: 'First look?' });
    route.to = 'B';
    const onB = await getPage(client);
    expect(onB.isError).toBeFalsy();
    expect(signalsOf(onB)).toEqual([
      expect.stringMatching(
        new RegExp(`^\\[signal\\] new comments: 1 on page ${PAGE} `),
      ),
    ]);
    expect(signalsOf(await getPage(client))).toEqual([]);
    // A last saw the page before that comment: the session's stored state tells it otherwise.
    route.to = 'A';
    expect(signalsOf(await getPage(client))).toEqual([]);

    await insertComment(database.db, { pageId: PAGE, text: 'And now?' });
    expect(signalsOf(await getPage(client))).toEqual([
      expect.stringMatching(/^\[signal\] new comments: 1 on page /),
    ]);
    route.to = 'B';
    expect(signalsOf(await getPage(client))).toEqual([]);
  });

  it("counts a user's tool calls on both instances: with one call running on A, the user's call on B is refused, and runs once A's ends", async () => {
    const onA = await connect(token('admin'), { to: 'A' });
    const onB = await connect(token('admin'), { to: 'B' });
    let unlock!: () => void;
    const locked = new Promise<void>((resolve) => (unlock = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A call on A that runs until the test lets it: its comment read waits on this lock.
    const lock = database.db.transaction().execute(async (transaction) => {
      await sql`lock table comments in access exclusive mode`.execute(
        transaction,
      );
      holding();
      await locked;
    });
    await held;
    const running = onA.callTool({
      name: 'list_comments',
      arguments: { pageId: PAGE },
    }) as Promise<ToolResult>;
    await waitForLockWaiter();

    const refused = (await onB.callTool({
      name: 'get_page',
      arguments: { pageId: PAGE },
    })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe(
      'get_page was refused: you already have 1 tool calls running or waiting, the most one user may have at once; wait for them to finish, then call again.',
    );

    unlock();
    await lock;
    expect((await running).isError).toBeFalsy();
    expect((await getPage(onB)).isError).toBeFalsy();
  });

  /** Until a statement of the test database waits on a lock (the call on A, past its admission). */
  async function waitForLockWaiter(): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(
        database.db,
      );
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
});
