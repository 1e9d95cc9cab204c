import {
  callTool,
  chatContext,
  mcpContext,
  pageUuid,
  signalOf,
  USER_ID,
} from './testing/tool-call-harness';
import {
  PAGE_A,
  PAGE_B,
  PAGE_C,
  setUp,
  signalLine,
} from './testing/three-page-signal';

describe('comment signal interceptor on a failing source', () => {
  it('returns the tool result untouched and backs off exponentially up to the cap', async () => {
    const { clock, source, interceptor, failures } = setUp({
      initialBackoffMs: 1_000,
      maxBackoffMs: 4_000,
    });
    source.failWith(() => Promise.reject(new Error('connection refused')));
    const requestsAt = async (elapsed: number) => {
      clock.advance(elapsed);
      const call = await callTool(
        interceptor,
        'getPage',
        { pageId: PAGE_A },
        {},
      );
      expect(call.result).toBe(call.inner);
      return source.requests.length;
    };
    expect(await requestsAt(0)).toBe(1);
    expect(await requestsAt(999)).toBe(1);
    expect(await requestsAt(1)).toBe(2); // backoff 1 s elapsed; next backoff 2 s
    expect(await requestsAt(1_999)).toBe(2);
    expect(await requestsAt(1)).toBe(3); // next 4 s
    expect(await requestsAt(4_000)).toBe(4); // next would be 8 s, capped at 4 s
    expect(await requestsAt(4_000)).toBe(5);
    expect(failures).toHaveLength(5);

    source.failWith(undefined);
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'after recovery' });
    clock.advance(4_000);
    const recovered = await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(recovered)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
  });

  it('abandons a check that outlives its time budget', async () => {
    const { source, interceptor, failures } = setUp({ timeoutMs: 20 });
    source.failWith(() => new Promise<never>(() => undefined));
    const call = await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    expect(call.result).toBe(call.inner);
    expect(failures).toEqual([
      expect.objectContaining({ name: 'CommentCheckTimeoutError' }),
    ]);
  });
});

describe('comment signal sessions', () => {
  it('forgets the least recently used session beyond maxSessions', async () => {
    const { source, interceptor } = setUp({
      debounceMs: 20_000,
      maxSessions: 2,
    });
    const turn = (sessionId: string) =>
      callTool(
        interceptor,
        'getPage',
        { pageId: PAGE_A },
        {},
        chatContext({ sessionId }),
      );
    await turn('a');
    await turn('b');
    await turn('a');
    expect(source.requests).toHaveLength(2); // "a" still known: inside its window
    await turn('c');
    await turn('b');
    expect(source.requests).toHaveLength(4); // "b" was forgotten when "c" arrived
  });

  it('forgets a session idle longer than its TTL', async () => {
    const { clock, source, interceptor } = setUp({
      debounceMs: 20_000,
      sessionIdleTtlMs: 60_000,
    });
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10_000);
    await callTool(interceptor, 'getPage', { pageId: PAGE_B }, {});
    expect(source.requests).toHaveLength(1);
    clock.advance(60_001);
    await callTool(interceptor, 'getPage', { pageId: PAGE_C }, {});
    expect(source.requests.at(-1)!.pages.map((page) => page.pageId)).toEqual([
      PAGE_C,
    ]);
  });

  it('keeps sessions of different users apart even with the same session id', async () => {
    const { source, interceptor } = setUp({ debounceMs: 20_000 });
    await callTool(interceptor, 'getPage', { pageId: PAGE_A }, {});
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_B },
      {},
      chatContext({ userId: pageUuid(77) }),
    );
    expect(
      source.requests.map((request) => [
        request.userId,
        request.pages.map((page) => page.pageId),
      ]),
    ).toEqual([
      [USER_ID, [PAGE_A]],
      [pageUuid(77), [PAGE_B]],
    ]);
  });
});

describe('comment signal checks of one session', () => {
  it('checks each page at most once per window with a per-page source', async () => {
    const { clock, source, interceptor } = setUp(
      { debounceMs: 20_000 },
      'per-page',
    );
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    clock.advance(5_000);
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_B },
      {},
      mcpContext(),
    );
    clock.advance(5_000);
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_A },
      {},
      mcpContext(),
    );
    expect(
      source.requests.map((request) =>
        request.pages.map((page) => page.pageId),
      ),
    ).toEqual([[PAGE_A], [PAGE_B]]);

    clock.advance(10_000);
    await callTool(
      interceptor,
      'getPage',
      { pageId: PAGE_B },
      {},
      mcpContext(),
    );
    expect(source.requests.map((request) => request.pages[0]!.pageId)).toEqual([
      PAGE_A,
      PAGE_B,
      PAGE_A,
    ]);
    expect(source.violations).toEqual([]);
  });

  it('does not count twice when calls of one session run in parallel', async () => {
    const { interceptor, source } = setUp();
    await Promise.all([
      callTool(interceptor, 'getPage', { pageId: PAGE_A }, {}),
      callTool(interceptor, 'getPage', { pageId: PAGE_A }, {}),
      callTool(interceptor, 'getPage', { pageId: PAGE_A }, {}),
    ]);
    expect(source.requests).toHaveLength(1);
  });
});
