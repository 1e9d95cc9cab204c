import { sql } from 'kysely';
import fc from 'fast-check';
import {
  createCommentSignalInterceptor,
  createDatabaseCommentSource,
  type CommentSignalOptions,
} from '../../src/comment-signal';
import { ManualClock } from '../../src/comment-signal/testing/fake-comment-source';
import {
  callTool,
  signalOf,
} from '../../src/comment-signal/testing/tool-call-harness';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  countingKysely,
  createChat,
  createOtherWorkspace,
  insertComment,
} from './support/comment-signal-fixtures';

const { pages, users, workspace } = SEED_IDS;
const ROADMAP_TITLE = 'Roadmap 2025';

let testDatabase: TestDatabase;
let counting: ReturnType<typeof countingKysely>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  counting = countingKysely(testDatabase.url);
});

afterAll(async () => {
  await counting?.close();
  await testDatabase?.drop();
});

let sessionNumber = 0;
function chat(
  chatId: string,
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  sessionNumber += 1;
  return {
    userId: users.owner,
    workspaceId: workspace,
    surface: 'chat',
    sessionId: `turn-${sessionNumber}`,
    chatId,
    ...overrides,
  };
}
function mcp(overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  sessionNumber += 1;
  return {
    userId: users.owner,
    workspaceId: workspace,
    surface: 'mcp',
    sessionId: `mcp-${sessionNumber}`,
    ...overrides,
  };
}

function interceptorWith(options: Partial<CommentSignalOptions> = {}) {
  const failures: unknown[] = [];
  const interceptor = createCommentSignalInterceptor({
    db: counting.db,
    debounceMs: 0,
    onCheckFailed: (error) => failures.push(error),
    ...options,
  });
  return { interceptor, failures };
}

const line = (
  pageId: string,
  title: string,
  count: number,
  tool = 'listComments',
) =>
  `[signal] new comments: ${count} on page ${pageId} ("${title}") \u2014 call ${tool}(pageId) for details`;

describe('comment signal on a real database', () => {
  it('reports a comment committed between two tool calls in the second result, once', async () => {
    const { interceptor, failures } = interceptorWith();
    const context = chat(await createChat(counting.db, users.owner));
    const first = await callTool(
      interceptor,
      'getPage',
      { pageId: pages.roadmap },
      { title: ROADMAP_TITLE },
      context,
    );
    expect(first.result).toBe(first.inner);

    await insertComment(counting.db, {
      pageId: pages.roadmap,
      text: 'Can we move SSO to Q2?',
    });
    const second = await callTool(
      interceptor,
      'getOutline',
      { pageId: pages.roadmap },
      { headings: [] },
      context,
    );
    expect(second.result.notices).toEqual([
      line(pages.roadmap, ROADMAP_TITLE, 1),
    ]);
    expect(second.result.output).toBe(second.inner.output);

    // The watermark is the comment's exact created_at (microseconds), so it is not news again.
    const third = await callTool(
      interceptor,
      'getOutline',
      { pageId: pages.roadmap },
      {},
      context,
    );
    expect(third.result).toBe(third.inner);
    expect(failures).toEqual([]);
  });

  it('counts only the working set, in the caller’s workspace and spaces', async () => {
    const { interceptor } = interceptorWith();
    const other = await createOtherWorkspace(counting.db);
    const context = chat(await createChat(counting.db, users.member), {
      userId: users.member,
    });
    // Pages the model named: its own, a page of another workspace, one in a space it may not see.
    await callTool(
      interceptor,
      'getPage',
      { pageId: pages.roadmap },
      {},
      context,
    );
    await callTool(
      interceptor,
      'getPage',
      { pageId: other.pageId },
      {},
      context,
    );
    await callTool(
      interceptor,
      'getPage',
      { pageId: pages.leadershipOverview },
      {},
      context,
    );

    await insertComment(counting.db, {
      pageId: other.pageId,
      text: 'other workspace',
      creatorId: other.userId,
    });
    await insertComment(counting.db, {
      pageId: pages.leadershipOverview,
      text: 'leadership only',
      creatorId: users.owner,
    });
    await insertComment(counting.db, {
      pageId: pages.pricing,
      text: 'outside the working set',
      creatorId: users.owner,
    });
    await insertComment(counting.db, {
      pageId: pages.roadmap,
      text: 'deleted',
      creatorId: users.owner,
      deleted: true,
    });
    await insertComment(counting.db, {
      pageId: pages.roadmap,
      text: 'counts',
      creatorId: users.owner,
    });

    const call = await callTool(interceptor, 'listSpaces', {}, [], context);
    expect(call.result.notices).toEqual([
      line(pages.roadmap, ROADMAP_TITLE, 1),
    ]);
  });

  it("leaves out the agent's own comments: this chat's, or on MCP this user's", async () => {
    const { interceptor } = interceptorWith();
    const chatId = await createChat(counting.db, users.owner);
    const otherChatId = await createChat(counting.db, users.owner);
    const chatContext = chat(chatId);
    const mcpContext = mcp();
    await callTool(
      interceptor,
      'getPage',
      { pageId: pages.supportPlaybook },
      {},
      chatContext,
    );
    await callTool(
      interceptor,
      'get_page',
      { pageId: pages.supportPlaybook },
      {},
      mcpContext,
    );

    await insertComment(counting.db, {
      pageId: pages.supportPlaybook,
      text: 'mine',
      creatorId: users.owner,
      createdSource: 'agent',
      aiChatId: chatId,
    });
    const chatQuiet = await callTool(
      interceptor,
      'getPage',
      { pageId: pages.supportPlaybook },
      {},
      chatContext,
    );
    expect(chatQuiet.result).toBe(chatQuiet.inner);
    const mcpQuiet = await callTool(
      interceptor,
      'get_page',
      { pageId: pages.supportPlaybook },
      {},
      mcpContext,
    );
    expect(mcpQuiet.result).toBe(mcpQuiet.inner);

    await insertComment(counting.db, {
      pageId: pages.supportPlaybook,
      text: 'another chat',
      creatorId: users.owner,
      createdSource: 'agent',
      aiChatId: otherChatId,
    });
    await insertComment(counting.db, {
      pageId: pages.supportPlaybook,
      text: "another user's agent",
      creatorId: users.admin,
      createdSource: 'agent',
    });
    const chatCall = await callTool(
      interceptor,
      'getPage',
      { pageId: pages.supportPlaybook },
      {},
      chatContext,
    );
    expect(chatCall.result.notices).toEqual([
      line(pages.supportPlaybook, 'Support Playbook', 2),
    ]);
    const mcpCall = await callTool(
      interceptor,
      'get_page',
      { pageId: pages.supportPlaybook },
      {},
      mcpContext,
    );
    expect(mcpCall.result.notices).toEqual([
      line(pages.supportPlaybook, 'Support Playbook', 1, 'list_comments'),
    ]);
  });

  it("starts a chat turn at the end of the chat's previous turn", async () => {
    const { interceptor } = interceptorWith();
    const chatId = await createChat(counting.db, users.owner);
    const minutesAgo = (minutes: number) =>
      new Date(Date.now() - minutes * 60_000);
    await counting.db
      .insertInto('aiChatMessages')
      .values({
        chatId,
        role: 'assistant',
        content: 'Done.',
        workspaceId: workspace,
        userId: null,
        createdAt: minutesAgo(10),
      })
      .execute();
    await insertComment(counting.db, {
      pageId: pages.meetingNotes,
      text: 'before the previous turn ended',
      createdAt: minutesAgo(20),
    });
    await insertComment(counting.db, {
      pageId: pages.meetingNotes,
      text: 'between the turns',
      createdAt: minutesAgo(5),
    });

    const call = await callTool(
      interceptor,
      'getPage',
      { pageId: pages.meetingNotes },
      {},
      chat(chatId),
    );
    expect(signalOf(call)).toBe(line(pages.meetingNotes, 'Meeting Notes', 1));
  });

  it('issues one count per debounce window per chat session, and none without pages', async () => {
    const clock = new ManualClock();
    const { interceptor } = interceptorWith({ debounceMs: 20_000, clock });
    const context = chat(await createChat(counting.db, users.owner));
    const before = counting.commentQueries.length;

    await callTool(interceptor, 'listSpaces', {}, [], context);
    await callTool(interceptor, 'getWorkspace', {}, { name: 'Acme' }, context);
    expect(counting.commentQueries.length - before).toBe(0);

    for (const pageId of [
      pages.roadmap,
      pages.pricing,
      pages.onboarding,
      pages.roadmap,
    ]) {
      await callTool(interceptor, 'getPage', { pageId }, {}, context);
      clock.advance(1_000);
    }
    expect(counting.commentQueries.length - before).toBe(1);

    clock.advance(20_000);
    await callTool(
      interceptor,
      'getPage',
      { pageId: pages.pricing },
      {},
      context,
    );
    await callTool(
      interceptor,
      'getPage',
      { pageId: pages.pricing },
      {},
      context,
    );
    expect(counting.commentQueries.length - before).toBe(2);
    // The count never reads comment content.
    for (const query of counting.commentQueries.slice(before))
      expect(query).not.toMatch(/content/);
  });

  it('checks each working-set page at most once per window on MCP', async () => {
    const clock = new ManualClock();
    const { interceptor } = interceptorWith({ debounceMs: 20_000, clock });
    const context = mcp();
    const before = counting.commentQueries.length;
    for (const pageId of [pages.roadmap, pages.pricing, pages.onboarding]) {
      await callTool(interceptor, 'get_page', { pageId }, {}, context);
      await callTool(interceptor, 'get_page', { pageId }, {}, context);
      clock.advance(1_000);
    }
    expect(counting.commentQueries.length - before).toBe(3);

    await insertComment(counting.db, {
      pageId: pages.onboarding,
      text: 'welcome!',
    });
    clock.advance(17_500);
    // At 20.5 s roadmap's window (from 0 s) is over; pricing's (1 s) and onboarding's (2 s) are not.
    const call = await callTool(interceptor, 'list_spaces', {}, [], context);
    expect(call.result).toBe(call.inner);
    expect(counting.commentQueries.length - before).toBe(4);

    clock.advance(2_000);
    const later = await callTool(interceptor, 'list_spaces', {}, [], context);
    expect(later.result.notices).toEqual([
      line(pages.onboarding, 'Onboarding Guide', 1, 'list_comments'),
    ]);
    expect(counting.commentQueries.length - before).toBe(6);
  });

  it('never puts comment text into a signal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'grapheme', minLength: 12, maxLength: 80 }),
          { minLength: 1, maxLength: 3 },
        ),
        async (texts) => {
          const { interceptor } = interceptorWith();
          const context = chat(await createChat(counting.db, users.owner));
          await callTool(
            interceptor,
            'getPage',
            { pageId: pages.designPrinciples },
            {},
            context,
          );
          for (const text of texts)
            await insertComment(counting.db, {
              pageId: pages.designPrinciples,
              text,
            });
          const signal = signalOf(
            await callTool(
              interceptor,
              'getPage',
              { pageId: pages.designPrinciples },
              {},
              context,
            ),
          );
          expect(signal).toBe(
            line(pages.designPrinciples, 'Design Principles', texts.length),
          );
          for (const text of texts) expect(signal).not.toContain(text);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('comment signal when the database is slow', () => {
  it('gives up on a count at the statement timeout, and the tool result is unchanged', async () => {
    const source = createDatabaseCommentSource(counting.db, {
      statementTimeoutMs: 100,
    });
    const { interceptor, failures } = interceptorWith({ timeoutMs: 300 });
    const context = chat(await createChat(counting.db, users.owner));
    const locker = await testDatabase.db
      .connection()
      .execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`lock table comments in access exclusive mode`.execute(
          connection,
        );
        try {
          const direct = source.countNewComments({
            workspaceId: workspace,
            userId: users.owner,
            pages: [{ pageId: pages.roadmap }],
            baseline: { millisecondsAgo: 0 },
            agent: { userId: users.owner },
          });
          await expect(direct).rejects.toThrow(/statement timeout/);
          const call = await callTool(
            interceptor,
            'getPage',
            { pageId: pages.roadmap },
            {},
            context,
          );
          return call;
        } finally {
          await sql`rollback`.execute(connection);
        }
      });
    expect(locker.result).toBe(locker.inner);
    expect(failures).toHaveLength(1);
  });
});
