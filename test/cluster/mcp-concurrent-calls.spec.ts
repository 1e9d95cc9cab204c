import { sql, type Kysely } from 'kysely';
import {
  CommentSignalInterceptor,
  createDatabaseCommentSource,
  type CommentSignalOptions,
  type CommentSignalSource,
} from '../../src/comment-signal';
import {
  callTool,
  signalOf,
} from '../../src/comment-signal/testing/tool-call-harness';
import { createKysely, type DB } from '../../src/database';
import { McpSessionsService } from '../../src/mcp-sessions';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { insertComment } from '../comment-signal/support/comment-signal-fixtures';
import {
  createTestDatabase,
  testDatabaseDriver,
  type TestDatabase,
} from '../support/test-database';

/**
 * Two calls of one MCP session running at the same moment on two instances (two pools on one
 * database, each with its own comment signal and session service, as two processes have):
 * both resume the same stored watermarks and both count the same comment. The calls are made
 * to meet for real: the test holds the session's row lock until both have counted and queued
 * their claim behind it (PostgreSQL shows both waiting), then lets them go.
 */

const PAGE = SEED_IDS.pages.roadmap;
const CALLER = {
  userId: SEED_IDS.users.owner,
  workspaceId: SEED_IDS.workspace,
};

interface Instance {
  readonly db: Kysely<DB>;
  readonly signal: CommentSignalInterceptor;
  readonly sessions: McpSessionsService;
  /** Runs before and after each count of this instance; a test sets them to order counts. */
  beforeCount: () => Promise<void>;
  afterCount: () => Promise<void>;
}

let database: TestDatabase;
const instances: Instance[] = [];
const failures: unknown[] = [];

function startInstance(): Instance {
  const db = createKysely({
    connectionString: database.url,
    driver: testDatabaseDriver(),
    max: 4,
  });
  const counted = createDatabaseCommentSource(db, { mode: 'per-page' });
  const instance: Instance = {
    db,
    beforeCount: async () => undefined,
    afterCount: async () => undefined,
  } as Instance;
  const source: CommentSignalSource = {
    mode: 'per-page',
    async countNewComments(request) {
      await instance.beforeCount();
      const result = await counted.countNewComments(request);
      await instance.afterCount();
      return result;
    },
  };
  const options: CommentSignalOptions = {
    db,
    sources: { mcp: source },
    debounceMs: 0,
    // The test holds counts and claims on purpose: no time budget may abandon them.
    timeoutMs: 60_000,
    onCheckFailed: (error) => failures.push(error),
  };
  const signal = new CommentSignalInterceptor(options);
  Object.assign(instance, {
    signal,
    sessions: new McpSessionsService(db, {}, signal, options),
  });
  instances.push(instance);
  return instance;
}

/** A `get_page` of the page in session `sessionId`, served by `instance`: the count it signalled (0: none). */
async function getPage(instance: Instance, sessionId: string): Promise<number> {
  const context: ToolCallContext | undefined = await instance.sessions.resume(
    sessionId,
    CALLER,
  );
  if (context === undefined) throw new Error(`session ${sessionId} not found`);
  const call = await callTool(
    instance.signal.intercept,
    'getPage',
    { pageId: PAGE },
    { title: 'Roadmap 2025' },
    context,
  );
  const signal = signalOf(call);
  if (signal === undefined) return 0;
  const match = /^\[signal\] new comments: (\d+) on page /.exec(signal);
  if (match === null) throw new Error(`unexpected signal: ${signal}`);
  return Number(match[1]);
}

/** Holds the session's row lock on a connection of its own until `release` is called. */
async function holdSessionRow(sessionId: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`select id from ai_tools_mcp_sessions where id = ${sessionId}::uuid for update`.execute(
      trx,
    );
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

/** Resolves once `count` statements of this database wait for a lock (the claims queued). */
async function untilLockWaiters(count: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(
      database.db,
    );
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A session opened on A whose working set holds the page (a first call counted nothing). */
async function openSession(): Promise<string> {
  const context = await instances[0]!.sessions.open(CALLER);
  expect(await getPage(instances[0]!, context.sessionId!)).toBe(0);
  return context.sessionId!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  startInstance();
  startInstance();
});

afterEach(() => {
  for (const instance of instances) {
    instance.beforeCount = async () => undefined;
    instance.afterCount = async () => undefined;
  }
  expect(failures).toEqual([]);
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.db.destroy()));
  await database?.drop();
});

describe('two calls of one MCP session at once, on two instances', () => {
  it('reports a comment both counted exactly once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const sessionId = await openSession();
    await insertComment(database.db, { pageId: PAGE, text: 'Seen twice?' });

    const release = await holdSessionRow(sessionId);
    const calls = Promise.all([getPage(a, sessionId), getPage(b, sessionId)]);
    // Both counted the comment and wait to claim it.
    await untilLockWaiters(2);
    await release();
    expect((await calls).sort()).toEqual([0, 1]);

    expect(await getPage(a, sessionId)).toBe(0);
    expect(await getPage(b, sessionId)).toBe(0);
  });

  it('loses no comment when the calls counted different ones: what one call lost, the next call reports', async () => {
    const [a, b] = instances as [Instance, Instance];
    const sessionId = await openSession();
    await insertComment(database.db, { pageId: PAGE, text: 'First' });

    // A counts the first comment only; a second arrives; B counts both.
    let aCounted!: () => void;
    const afterA = new Promise<void>((resolve) => (aCounted = resolve));
    a.afterCount = async () => {
      await insertComment(database.db, { pageId: PAGE, text: 'Second' });
      aCounted();
    };
    b.beforeCount = () => afterA;

    const release = await holdSessionRow(sessionId);
    const calls = Promise.all([getPage(a, sessionId), getPage(b, sessionId)]);
    await untilLockWaiters(2);
    await release();
    const [onA, onB] = await calls;
    a.afterCount = async () => undefined;
    b.beforeCount = async () => undefined;
    const next = await getPage(b, sessionId);

    // A claimed first: it reports the first, B nothing, the next call the second. B claimed
    // first: it reports both, A nothing, the next call nothing. Never a comment twice or never.
    expect([
      [1, 0, 1],
      [0, 2, 0],
    ]).toContainEqual([onA, onB, next]);
    expect(await getPage(a, sessionId)).toBe(0);
  });
});
