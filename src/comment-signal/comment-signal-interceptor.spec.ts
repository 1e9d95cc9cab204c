import type { ToolOutcome } from '../registry/tool-interceptor';
import { z } from 'zod';
import {
  callTool,
  CHAT_ID,
  chatContext,
  GET_WORKSPACE,
  LIST_COMMENTS,
  LIST_SPACES,
  mcpContext,
  pageUuid,
  signalOf,
  USER_ID,
  WORKSPACE_ID,
} from './testing/tool-call-harness';
import {
  commentOnReadPages,
  PAGE_A,
  PAGE_B,
  PAGE_C,
  setUp,
  signalLine,
} from './testing/three-page-signal';

describe('comment signal interceptor', () => {
  it('reports a new comment on a working-set page once, then stays quiet', async () => {
    const { clock, source, interceptor } = setUp();
    const first = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      { title: 'Roadmap' },
    );
    expect(first.result).toBe(first.inner);

    clock.advance(1_000);
    source.addComment({ pageId: PAGE_A, text: 'please fix the intro' });
    clock.advance(1_000);
    const second = await callTool(
      interceptor,
      'searchPages',
      { query: 'x' },
      [],
    );
    expect(second.result.notices).toEqual([signalLine(PAGE_A, 'Roadmap', 1)]);
    expect(second.result.output).toBe(second.inner.output);

    const third = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
    );
    expect(third.result).toBe(third.inner);
    expect(source.violations).toEqual([]);
  });

  it('puts one line per page with news into a single notice, after notices already there', async () => {
    const { clock, source, interceptor } = setUp();
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    await callTool(interceptor, 'getPage', { pageId: PAGE_B }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'one' });
    source.addComment({ pageId: PAGE_A, text: 'two' });
    source.addComment({ pageId: PAGE_B, text: 'three' });
    clock.advance(10);
    const earlier: ToolOutcome = {
      output: { ok: true },
      notices: ['from another interceptor'],
    };
    const result = await interceptor(
      {
        spec: {
          name: 'getOutline',
          mcpName: 'get_outline',
          title: '',
          description: '',
          tier: 'core',
          inputSchema: z.object({}),
          annotations: {},
        },
        input: {},
        context: chatContext(),
      },
      async () => earlier,
    );
    expect(result.output).toBe(earlier.output);
    expect(result.notices).toEqual([
      'from another interceptor',
      `${signalLine(PAGE_A, 'Roadmap', 2)}\n${signalLine(PAGE_B, 'Pricing', 1)}`,
    ]);
  });

  it('counts once per debounce window per session', async () => {
    const { clock, source, interceptor } = setUp({ debounceMs: 20_000 });
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(source.requests).toHaveLength(1);

    clock.advance(1_000);
    source.addComment({ pageId: PAGE_A, text: 'hello' });
    clock.advance(1_000);
    const inWindow = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
    );
    expect(inWindow.result).toBe(inWindow.inner);
    expect(source.requests).toHaveLength(1);

    clock.advance(18_000);
    const nextWindow = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(nextWindow)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
    expect(source.requests).toHaveLength(2);
  });

  it('sends no query while the working set is empty, and never a slug id', async () => {
    const { source, interceptor } = setUp();
    await callTool(interceptor, LIST_SPACES, {}, [
      { id: pageUuid(99), name: 'Product', slug: 'product' },
    ]);
    await callTool(
      interceptor,
      'getPage',
      { pageId: 'xk3pQ9aZ' },
      { markdown: '# Roadmap' },
    );
    expect(source.requests).toEqual([]);
  });

  it('takes pages from results, but not from listings of many pages', async () => {
    const { source, interceptor } = setUp();
    const listing = Array.from({ length: 6 }, (_, index) => ({
      id: pageUuid(10 + index),
      slugId: `s${index}`,
      title: `P${index}`,
      spaceId: pageUuid(50),
    }));
    await callTool(interceptor, 'searchPages', { query: 'x' }, listing);
    expect(source.requests).toEqual([]);

    await callTool(
      interceptor,
      'getPage',
      { pageId: 'xk3pQ9aZ' },
      {
        page: {
          id: PAGE_B,
          slugId: 'xk3pQ9aZ',
          title: 'Pricing',
          spaceId: pageUuid(50),
        },
      },
    );
    expect(
      source.requests.map((request) =>
        request.pages.map((page) => page.pageId),
      ),
    ).toEqual([[PAGE_B]]);
  });

  it('includes the page open next to the chat', async () => {
    const { clock, source, interceptor } = setUp();
    source.addComment({ pageId: PAGE_C, text: 'before the session' });
    clock.advance(10);
    await callTool(
      interceptor,
      GET_WORKSPACE,
      {},
      { name: 'Acme' },
      chatContext({ currentPageId: PAGE_C }),
    );
    clock.advance(10);
    source.addComment({ pageId: PAGE_C, text: 'during the session' });
    clock.advance(10);
    const call = await callTool(
      interceptor,
      LIST_SPACES,
      {},
      [],
      chatContext({ currentPageId: PAGE_C }),
    );
    expect(signalOf(call)).toBe(signalLine(PAGE_C, 'Strategy', 1));
  });

  it('keeps the working set bounded, dropping the least recently touched page', async () => {
    const { source, interceptor } = setUp({ maxWorkingSetPages: 2 });
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    await callTool(interceptor, 'getPage', { pageId: PAGE_B }, {});
    await callTool(interceptor, 'getPage', { pageId: PAGE_C }, {});
    expect(source.requests.at(-1)!.pages.map((page) => page.pageId)).toEqual([
      PAGE_B,
      PAGE_C,
    ]);
  });

  it.each(['listComments', 'checkNewComments', 'createComment'])(
    'never adds the signal to %s, nor counts for it',
    async (tool) => {
      const { clock, source, interceptor } = setUp();
      await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
      clock.advance(10);
      source.addComment({ pageId: PAGE_A, text: 'new' });
      clock.advance(10);
      const requestsBefore = source.requests.length;
      const call = await callTool(
        interceptor,
        tool,
        { pageId: PAGE_A },
        { comments: [] },
      );
      expect(call.result).toBe(call.inner);
      expect(source.requests).toHaveLength(requestsBefore);
    },
  );

  it('treats comments listed by listComments as seen', async () => {
    const { clock, source, interceptor } = setUp();
    await commentOnReadPages({ clock, source }, interceptor, [PAGE_A, PAGE_B]);
    await callTool(
      interceptor,
      LIST_COMMENTS,
      { pageId: PAGE_A },
      { comments: [] },
    );
    const call = await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(signalOf(call)).toBe(signalLine(PAGE_B, 'Pricing', 1));
  });

  it("asks the source to leave out the agent's own comments (this chat's, or on MCP this user's)", async () => {
    const { clock, source, interceptor } = setUp();
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    expect(source.requests.map((request) => request.agent)).toEqual([
      { chatId: CHAT_ID, userId: USER_ID },
      { chatId: undefined, userId: USER_ID },
    ]);

    clock.advance(10);
    source.addComment({
      pageId: PAGE_A,
      text: 'by this chat',
      createdSource: 'agent',
      aiChatId: CHAT_ID,
      creatorId: USER_ID,
    });
    clock.advance(10);
    const call = await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(call.result).toBe(call.inner);
  });

  it('starts a chat session at the end of the previous turn, and an MCP session at its first call', async () => {
    const { clock, source, interceptor } = setUp();
    source.endTurn(CHAT_ID, clock.now());
    clock.advance(1_000);
    source.addComment({ pageId: PAGE_A, text: 'between turns' });
    clock.advance(1_000);
    const chat = await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(signalOf(chat)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
    expect(source.requests[0]!.previousTurnOfChatId).toBe(CHAT_ID);

    const mcp = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    expect(mcp.result).toBe(mcp.inner);
    expect(source.requests[1]!.previousTurnOfChatId).toBeUndefined();

    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(source.requests[2]!.previousTurnOfChatId).toBeUndefined();
  });

  it("starts a session at the host's session start, so a comment made before the first tool call counts", async () => {
    const { clock, source, interceptor } = setUp();
    // The MCP client initialised its session 3 s ago; a human commented 1 s after that.
    const sessionStartedAt = new Date(Date.now() - 3_000);
    clock.advance(-2_000);
    source.addComment({ pageId: PAGE_A, text: 'before the first call' });
    clock.advance(2_000);
    const first = await callTool(
      interceptor,
      'get_page',
      { pageId: PAGE_A },
      {},
      mcpContext({ sessionStartedAt }),
    );
    expect(signalOf(first)).toBe(
      signalLine(PAGE_A, 'Roadmap', 1, 'list_comments'),
    );

    // Without a session start, the first call is the start: the same comment is old news.
    const {
      clock: otherClock,
      source: otherSource,
      interceptor: otherInterceptor,
    } = setUp();
    otherClock.advance(-2_000);
    otherSource.addComment({ pageId: PAGE_A, text: 'before the first call' });
    otherClock.advance(2_000);
    const withoutStart = await callTool(
      otherInterceptor,
      'get_page',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    expect(withoutStart.result).toBe(withoutStart.inner);
  });

  it('names the MCP tool as the MCP surface does', async () => {
    const { clock, source, interceptor } = setUp({}, 'per-page');
    await callTool(
      interceptor,
      'get_page',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'x' });
    clock.advance(10);
    const call = await callTool(
      interceptor,
      'get_page',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    expect(signalOf(call)).toBe(
      signalLine(PAGE_A, 'Roadmap', 1, 'list_comments'),
    );
  });

  it('propagates an executor error unchanged and counts nothing for it', async () => {
    const { interceptor, source } = setUp();
    const error = new Error('page xyz not found or no access');
    const invocation = {
      spec: {
        name: 'getPage',
        mcpName: 'get_page',
        title: '',
        description: '',
        tier: 'core' as const,
        inputSchema: z.object({}),
        annotations: {},
      },
      input: { pageId: PAGE_A },
      context: chatContext(),
    };
    await expect(
      interceptor(invocation, () => Promise.reject(error)),
    ).rejects.toBe(error);
    expect(source.requests).toEqual([]);
  });
});
