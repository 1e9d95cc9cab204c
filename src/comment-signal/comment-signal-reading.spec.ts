import { createCommentSignal } from './comment-signal-interceptor';
import { FakeCommentSource, ManualClock } from './testing/fake-comment-source';
import {
  callTool,
  chatContext,
  CHECK_NEW_COMMENTS,
  LIST_COMMENTS,
  mcpContext,
  pageUuid,
  signalOf,
  testSpec,
  WORKSPACE_ID,
} from './testing/tool-call-harness';
import {
  commentOnReadPages,
  PAGE_A,
  PAGE_B,
  PAGE_C,
  signalLine,
} from './testing/three-page-signal';

const SPACE_PRODUCT = '0e000000-0000-4000-8000-000000000001';
const SPACE_OTHER = '0e000000-0000-4000-8000-000000000002';
/** Before anything in these tests: a check from here leaves no gap behind any watermark. */
const LONG_AGO = '2000-01-01T00:00:00Z';

function setUp() {
  const clock = new ManualClock();
  const source = new FakeCommentSource(clock);
  source.addPage({
    id: PAGE_A,
    title: 'Roadmap',
    workspaceId: WORKSPACE_ID,
    spaceId: SPACE_PRODUCT,
  });
  source.addPage({
    id: PAGE_B,
    title: 'Pricing',
    workspaceId: WORKSPACE_ID,
    spaceId: SPACE_PRODUCT,
  });
  source.addPage({
    id: PAGE_C,
    title: 'Strategy',
    workspaceId: WORKSPACE_ID,
    spaceId: SPACE_OTHER,
  });
  const signal = createCommentSignal({
    sources: { chat: source, mcp: source },
    clock,
    debounceMs: 0,
  });
  return { clock, source, signal, intercept: signal.intercept };
}

function checkResult(spaceId: string, since: string, truncated = false) {
  return { spaceId, since, count: 0, comments: [], latest: since, truncated };
}

describe('comment signal: what reading advances', () => {
  it.each([
    ['chat', chatContext(), 'listComments'],
    ['MCP', mcpContext(), 'list_comments'],
  ])(
    '%s: a checkNewComments scoped to page A still leaves a comment on page B to the signal',
    async (_surface, context, tool) => {
      const { clock, source, intercept } = setUp();
      await commentOnReadPages(
        { clock, source },
        intercept,
        [PAGE_A, PAGE_B],
        context,
      );
      await callTool(
        intercept,
        CHECK_NEW_COMMENTS,
        { spaceId: SPACE_PRODUCT, since: LONG_AGO, pageId: PAGE_A },
        checkResult(SPACE_PRODUCT, LONG_AGO),
        context,
      );
      const next = await callTool(
        intercept,
        'getOutline',
        { pageId: PAGE_C },
        {},
        context,
      );
      expect(signalOf(next)).toBe(signalLine(PAGE_B, 'Pricing', 1, tool));
    },
  );

  it('a space-wide checkNewComments advances the pages of that space only', async () => {
    const { clock, source, intercept } = setUp();
    await commentOnReadPages({ clock, source }, intercept, [PAGE_A, PAGE_C]);
    await callTool(
      intercept,
      CHECK_NEW_COMMENTS,
      { spaceId: SPACE_PRODUCT, since: LONG_AGO },
      checkResult(SPACE_PRODUCT, LONG_AGO),
    );
    const next = await callTool(
      intercept,
      'getOutline',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(next)).toBe(signalLine(PAGE_C, 'Strategy', 1));
  });

  it('a truncated checkNewComments advances nothing: every page is still signalled', async () => {
    const { clock, source, intercept } = setUp();
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'one' });
    source.addComment({ pageId: PAGE_A, text: 'two' });
    clock.advance(10);
    await callTool(
      intercept,
      CHECK_NEW_COMMENTS,
      { spaceId: SPACE_PRODUCT, since: LONG_AGO, limit: 1 },
      checkResult(SPACE_PRODUCT, LONG_AGO, true),
    );
    const next = await callTool(
      intercept,
      'getOutline',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(next)).toBe(signalLine(PAGE_A, 'Roadmap', 2));
  });

  it('a checkNewComments whose since is after the watermark leaves the gap to the signal', async () => {
    const { clock, source, intercept } = setUp();
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'before since' });
    clock.advance(10);
    const since = new Date(Date.now() + 3_600_000).toISOString();
    await callTool(
      intercept,
      CHECK_NEW_COMMENTS,
      { spaceId: SPACE_PRODUCT, since },
      checkResult(SPACE_PRODUCT, since),
    );
    const next = await callTool(
      intercept,
      'getOutline',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(next)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
  });

  it('a listComments that left threads out does not count as read', async () => {
    const { clock, source, intercept } = setUp();
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'left out' });
    clock.advance(10);
    await callTool(
      intercept,
      LIST_COMMENTS,
      { pageId: PAGE_A },
      { pageId: PAGE_A, threads: [], truncated: '1 of 2 threads left out' },
    );
    const next = await callTool(
      intercept,
      'getOutline',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(next)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
  });

  it('a complete listComments reads its page: nothing is signalled for it afterwards', async () => {
    const { clock, source, intercept } = setUp();
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'read' });
    clock.advance(10);
    await callTool(
      intercept,
      LIST_COMMENTS,
      { pageId: PAGE_A },
      { pageId: PAGE_A, threads: [] },
    );
    const next = await callTool(
      intercept,
      'getOutline',
      { pageId: PAGE_A },
      {},
    );
    expect(signalOf(next)).toBeUndefined();
  });
});

describe('comment signal: carried from turn to turn', () => {
  it('hands on the working set with watermarks, and the next turn reports only what is newer, once', async () => {
    const { clock, source, signal, intercept } = setUp();
    const turn1 = chatContext({ sessionId: 'turn-1' });
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {}, turn1);
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'reported in turn 1' });
    clock.advance(10);
    expect(
      signalOf(
        await callTool(intercept, 'getOutline', { pageId: PAGE_A }, {}, turn1),
      ),
    ).toBe(signalLine(PAGE_A, 'Roadmap', 1));
    clock.advance(10);
    // After the turn's last check, before it ends.
    source.addComment({ pageId: PAGE_A, text: 'made at the end of turn 1' });
    const carried = signal.carry(turn1);
    expect(carried).toEqual([
      expect.objectContaining({
        pageId: PAGE_A,
        watermark: { database: expect.any(String) },
      }),
    ]);

    clock.advance(1_000);
    const turn2 = chatContext({ sessionId: 'turn-2' });
    const watermark = carried[0]!.watermark as { database: string };
    signal.open(turn2, {
      pages: [
        {
          pageId: PAGE_A,
          watermark: watermark.database,
          checkedMillisecondsAgo: 1_000,
          touchedMillisecondsAgo: 1_000,
        },
      ],
    });
    const first = await callTool(
      intercept,
      'searchPages',
      { query: 'x' },
      [],
      turn2,
    );
    expect(signalOf(first)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
    const second = await callTool(
      intercept,
      'searchPages',
      { query: 'y' },
      [],
      turn2,
    );
    expect(signalOf(second)).toBeUndefined();
  });

  it('an opened working set keeps its recency: pages the turn did not touch keep how long ago they were touched', async () => {
    const { clock, signal, intercept } = setUp();
    const turn = chatContext({ sessionId: 'resumed' });
    const watermark = '2026-01-01T00:00:00.000000Z';
    signal.open(turn, {
      pages: [
        {
          pageId: PAGE_A,
          watermark,
          checkedMillisecondsAgo: null,
          touchedMillisecondsAgo: 5_000,
        },
        {
          pageId: PAGE_B,
          watermark,
          checkedMillisecondsAgo: null,
          touchedMillisecondsAgo: 3_000,
        },
      ],
    });
    clock.advance(100);
    await callTool(intercept, 'getOutline', { pageId: PAGE_A }, {}, turn);
    const carried = signal.carry(turn);
    expect(
      carried.map((page) => [page.pageId, page.touchedMillisecondsAgo]),
    ).toEqual([
      [PAGE_B, 3_100],
      [PAGE_A, 0],
    ]);
  });

  it('a session that made no call hands on nothing', () => {
    const { signal } = setUp();
    expect(signal.carry(chatContext({ sessionId: 'idle' }))).toEqual([]);
  });
});

describe('comment signal: what a tool spec declares', () => {
  it('reads comments through any tool whose spec says so, whatever its name', async () => {
    const { clock, source, intercept } = setUp();
    await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    clock.advance(10);
    source.addComment({ pageId: PAGE_A, text: 'read by the new tool' });
    clock.advance(10);
    const readThreads = testSpec('readThreads', { readsComments: 'page' });
    await callTool(intercept, readThreads, { pageId: PAGE_A }, { threads: [] });
    clock.advance(10);
    const next = await callTool(intercept, 'getPage', { pageId: PAGE_A }, {});
    expect(signalOf(next)).toBeUndefined();
  });

  it('takes no page from the results of a tool whose spec says they name none', async () => {
    const { source, intercept } = setUp();
    const naming = { pageId: PAGE_A, title: 'Roadmap' };
    await callTool(
      intercept,
      testSpec('listTeams', { namesNoPage: true }),
      {},
      naming,
    );
    expect(source.requests).toEqual([]);
    await callTool(intercept, testSpec('listTeams'), {}, naming);
    expect(source.requests.at(-1)!.pages.map((page) => page.pageId)).toEqual([
      PAGE_A,
    ]);
  });
});
