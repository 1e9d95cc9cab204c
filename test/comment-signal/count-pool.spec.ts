import { sql, type Kysely } from 'kysely';
import {
  createCommentSignal,
  createCommentSignalInterceptor,
  createDatabaseCommentSource,
  openCommentCountDatabase,
  type PageCommentCount,
} from '../../src/comment-signal';
import { callTool } from '../../src/comment-signal/testing/tool-call-harness';
import { createKysely, type DB } from '../../src/database';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { createChat, insertComment } from './support/comment-signal-fixtures';

const { pages, users, workspace } = SEED_IDS;
const BUDGET_MS = 150;

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.drop();
});

function roadmapRequest(millisecondsAgo: number) {
  return {
    workspaceId: workspace,
    userId: users.owner,
    pages: [{ pageId: pages.roadmap }],
    baseline: { millisecondsAgo },
    agent: { userId: users.owner },
  };
}

/** A count pool like `openCommentCountDatabase`'s (timeout set when each connection opens) that logs what it sends. */
function loggedCountPool(statements: string[]): Kysely<DB> {
  return createKysely({
    connectionString: testDatabase.url,
    driver: testDatabase.driver,
    max: 2,
    statementTimeoutMs: BUDGET_MS,
    // Far beyond the budget: a cancellation can only come from the server.
    queryTimeoutMs: 30_000,
    log: (event) => void statements.push(event.query.sql),
  });
}

/** Runs `body` while another connection holds an exclusive lock on `comments`, so any count waits. */
async function whileCommentsLocked<T>(body: () => Promise<T>): Promise<T> {
  return testDatabase.db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    await sql`lock table comments in access exclusive mode`.execute(connection);
    try {
      return await body();
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

describe('the comment count on its own pool', () => {
  it('is one statement per count, with the same result as the transaction that sets its timeout', async () => {
    const statements: string[] = [];
    const countDatabase = loggedCountPool(statements);
    try {
      await insertComment(testDatabase.db, {
        pageId: pages.roadmap,
        text: 'Is the SSO date final?',
        creatorId: users.admin,
      });
      const pooled = createDatabaseCommentSource(testDatabase.db, {
        countDatabase,
        statementTimeoutMs: BUDGET_MS,
      });
      const inTransaction = createDatabaseCommentSource(testDatabase.db, {
        statementTimeoutMs: BUDGET_MS,
      });
      const request = roadmapRequest(60_000);
      const fromPool = await pooled.countNewComments(request);
      expect(statements).toHaveLength(1);
      expect(statements[0]).not.toMatch(/set_config|^\s*begin/i);
      const fromTransaction = await inTransaction.countNewComments(request);
      // `after` is "60 s before now" as each statement resolved it: the same bound, read apart.
      const withoutBound = ({ after: _after, ...page }: PageCommentCount) =>
        page;
      expect(fromPool.pages.map(withoutBound)).toEqual(
        fromTransaction.pages.map(withoutBound),
      );
      expect(fromPool.pages).toEqual([
        expect.objectContaining({ pageId: pages.roadmap, count: 1 }),
      ]);
    } finally {
      await countDatabase.destroy();
    }
  });

  it('opens connections whose statement_timeout is the budget, leaving the host pool’s alone', async () => {
    const countDatabase = openCommentCountDatabase(
      { connectionString: testDatabase.url, driver: testDatabase.driver },
      BUDGET_MS,
    );
    try {
      const { rows } = await sql<{
        statementTimeout: string;
      }>`show statement_timeout`.execute(countDatabase);
      expect(rows[0]?.statementTimeout).toBe(`${BUDGET_MS}ms`);
      const host = await sql<{
        statementTimeout: string;
      }>`show statement_timeout`.execute(testDatabase.db);
      expect(host.rows[0]?.statementTimeout).not.toBe(`${BUDGET_MS}ms`);
    } finally {
      await countDatabase.destroy();
    }
  });

  it('is cancelled by the database when it runs past its budget', async () => {
    const countDatabase = loggedCountPool([]);
    try {
      const source = createDatabaseCommentSource(testDatabase.db, {
        countDatabase,
        statementTimeoutMs: BUDGET_MS,
      });
      const failure = await whileCommentsLocked(() =>
        source.countNewComments(roadmapRequest(0)).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      // 57014 query_canceled: the server's statement timeout, not a client giving up.
      expect(failure).toMatchObject({ code: '57014' });
      expect(String(failure)).toMatch(/statement timeout/);
      // The pool's connection survives the cancellation and counts again.
      await expect(
        source.countNewComments(roadmapRequest(0)),
      ).resolves.toMatchObject({ pages: [] });
    } finally {
      await countDatabase.destroy();
    }
  });

  it('is what the signal uses when given countConnection, and close() closes that pool', async () => {
    const failures: unknown[] = [];
    const signal = createCommentSignal({
      db: testDatabase.db,
      countConnection: {
        connectionString: testDatabase.url,
        driver: testDatabase.driver,
      },
      timeoutMs: 2_000,
      debounceMs: 0,
      onCheckFailed: (error) => failures.push(error),
    });
    const chatId = await createChat(testDatabase.db, users.owner);
    const context: ToolCallContext = {
      userId: users.owner,
      workspaceId: workspace,
      surface: 'chat',
      sessionId: 'count-pool',
      chatId,
    };
    await callTool(
      signal.intercept,
      'getPage',
      { pageId: pages.pricing },
      {},
      context,
    );
    await insertComment(testDatabase.db, {
      pageId: pages.pricing,
      text: 'Is the team price per seat?',
      creatorId: users.admin,
    });
    const { result } = await callTool(
      signal.intercept,
      'getOutline',
      { pageId: pages.pricing },
      {},
      context,
    );
    expect(result.notices).toEqual([
      expect.stringMatching(
        new RegExp(`^\\[signal\\] new comments: 1 on page ${pages.pricing} `),
      ),
    ]);
    expect(failures).toEqual([]);
    const countConnections = async () => {
      const { rows } = await sql<{ connections: number }>`
        select count(*)::int as connections from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like '%with requested as%' and state = 'idle'`.execute(
        testDatabase.db,
      );
      return rows[0]?.connections ?? 0;
    };
    expect(await countConnections()).toBeGreaterThan(0);
    await signal.close();
    // A closed connection's backend leaves pg_stat_activity a moment after the client hangs up.
    for (
      let attempt = 0;
      attempt < 50 && (await countConnections()) > 0;
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await countConnections()).toBe(0);
  });

  it('cannot be given to createCommentSignalInterceptor, which has no way to close the pool', () => {
    expect(() =>
      createCommentSignalInterceptor({
        db: testDatabase.db,
        countConnection: { connectionString: testDatabase.url },
      }),
    ).toThrow(/countConnection.*createCommentSignal/);
  });
});
