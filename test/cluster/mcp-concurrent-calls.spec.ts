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
 * their claim behind it (PostgreSQL shows both waiting), then lets them go. Twice: with the
 * database source, whose count statement carries the claim, and with a source that cannot
 * (a REST client's), whose calls claim in a statement of their own after the count.
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
}

type ClaimPath = 'in the count statement' | 'after the count';

let database: TestDatabase;
const instances: Instance[] = [];
const failures: unknown[] = [];

function startInstance(path: ClaimPath): Instance {
  const db = createKysely({
    connectionString: database.url,
    driver: testDatabaseDriver(),
    max: 4,
  });
  const counted = createDatabaseCommentSource(db, { mode: 'per-page' });
  const source: CommentSignalSource =
    path === 'in the count statement'
      ? counted
      : {
          mode: 'per-page',
          countNewComments: ({ claim: _ignored, ...request }) =>
            counted.countNewComments(request),
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
  const instance: Instance = {
    db,
    signal,
    sessions: new McpSessionsService(db, {}, signal, options),
  };
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

/** A session opened on `opener` whose working set holds the page (a first call counted nothing). */
async function openSession(opener: Instance): Promise<string> {
  const context = await opener.sessions.open(CALLER);
  expect(await getPage(opener, context.sessionId!)).toBe(0);
  return context.sessionId!;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(() => {
  expect(failures).toEqual([]);
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.db.destroy()));
  await database?.drop();
});

describe.each<ClaimPath>(['in the count statement', 'after the count'])(
  'two calls of one MCP session at once, on two instances, claiming %s',
  (path) => {
    let a: Instance;
    let b: Instance;

    beforeAll(() => {
      a = startInstance(path);
      b = startInstance(path);
    });

    it('reports a comment both counted exactly once', async () => {
      const sessionId = await openSession(a);
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
      const sessionId = await openSession(a);
      await insertComment(database.db, { pageId: PAGE, text: 'First' });

      // A counts the first comment only and waits to claim; a second arrives; B counts both.
      const release = await holdSessionRow(sessionId);
      const onA = getPage(a, sessionId);
      await untilLockWaiters(1);
      await insertComment(database.db, { pageId: PAGE, text: 'Second' });
      const onB = getPage(b, sessionId);
      await untilLockWaiters(2);
      await release();
      const reported = [await onA, await onB, await getPage(b, sessionId)];

      // A claimed first: it reports the first, B nothing, the next call the second. B claimed
      // first: it reports both, A nothing, the next call nothing. Never a comment twice or never.
      expect([
        [1, 0, 1],
        [0, 2, 0],
      ]).toContainEqual(reported);
      expect(await getPage(a, sessionId)).toBe(0);
    });
  },
);

describe("what a call costs a stored session's comment signal", () => {
  const statements: string[] = [];
  let logged: Instance;

  beforeAll(() => {
    const db = createKysely({
      connectionString: database.url,
      driver: testDatabaseDriver(),
      max: 4,
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    const options: CommentSignalOptions = {
      db,
      sources: { mcp: createDatabaseCommentSource(db, { mode: 'per-page' }) },
      debounceMs: 0,
      onCheckFailed: (error) => failures.push(error),
    };
    const signal = new CommentSignalInterceptor(options);
    logged = {
      db,
      signal,
      sessions: new McpSessionsService(db, {}, signal, options),
    };
    instances.push(logged);
  });

  /** Statements of one call on the session table: its own, and counts that carry it. */
  async function sessionStatementsOf(
    call: () => Promise<number>,
  ): Promise<{ reported: number; own: number; inCounts: number }> {
    statements.length = 0;
    const reported = await call();
    const onSessions = statements.filter((text) =>
      text.includes('ai_tools_mcp_sessions'),
    );
    const inCounts = onSessions.filter((text) =>
      /\bfrom comments\b/.test(text),
    ).length;
    return { reported, own: onSessions.length - inCounts, inCounts };
  }

  async function rowVersion(sessionId: string): Promise<string> {
    const { rows } = await sql<{ version: string }>`
      select xmin::text as version from ai_tools_mcp_sessions where id = ${sessionId}::uuid`.execute(
      database.db,
    );
    return rows[0]!.version;
  }

  it('a page joining the working set with news costs one statement of its own (finding the session): the count writes the state and claims', async () => {
    const sessionId = await openSession(logged);
    const other = SEED_IDS.pages.pricing;
    await insertComment(database.db, { pageId: other, text: 'New page, news' });
    const context = await logged.sessions.resume(sessionId, CALLER);
    statements.length = 0;
    // The resume above is this call's own statement; the call itself adds none.
    const call = await callTool(
      logged.signal.intercept,
      'getPage',
      { pageId: other },
      { title: 'Pricing' },
      context,
    );
    expect(signalOf(call)).toMatch(
      new RegExp(`^\\[signal\\] new comments: 1 on page ${other} `),
    );
    const onSessions = statements.filter((text) =>
      text.includes('ai_tools_mcp_sessions'),
    );
    expect(onSessions.length).toBeGreaterThan(0);
    expect(onSessions.every((text) => /\bfrom comments\b/.test(text))).toBe(
      true,
    );
    // What the count claimed and wrote is what the next call, on any instance, resumes.
    expect(await sessionStatementsOf(() => getPage(logged, sessionId))).toEqual(
      { reported: 0, own: 1, inCounts: 2 },
    );
  });

  it('a call that changed nothing writes nothing: its counts neither lock nor write the row', async () => {
    const sessionId = await openSession(logged);
    const before = await rowVersion(sessionId);
    expect(await sessionStatementsOf(() => getPage(logged, sessionId))).toEqual(
      { reported: 0, own: 1, inCounts: 1 },
    );
    expect(await rowVersion(sessionId)).toBe(before);
  });
});
