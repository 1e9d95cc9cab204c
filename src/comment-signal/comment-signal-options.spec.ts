import { Test } from '@nestjs/testing';
import {
  COMMENT_SIGNAL_OPTIONS,
  CommentSignalInterceptor,
  createCommentSignalInterceptor,
} from './comment-signal-interceptor';
import { FakeCommentSource, ManualClock } from './testing/fake-comment-source';
import {
  callTool,
  pageUuid,
  signalOf,
  WORKSPACE_ID,
} from './testing/tool-call-harness';

describe('comment signal options', () => {
  const clock = new ManualClock();
  const source = new FakeCommentSource(clock);
  const sources = { chat: source, mcp: source };

  it('rejects a bad value naming the option and what is valid', () => {
    expect(() =>
      createCommentSignalInterceptor({ sources, debounceMs: -1 }),
    ).toThrow(
      'comment signal option debounceMs must be an integer of at least 0, got -1',
    );
    expect(() =>
      createCommentSignalInterceptor({ sources, timeoutMs: 0.5 }),
    ).toThrow(/timeoutMs must be an integer of at least 1/);
    expect(() =>
      createCommentSignalInterceptor({
        sources,
        initialBackoffMs: 10_000,
        maxBackoffMs: 1_000,
      }),
    ).toThrow(/maxBackoffMs must be an integer of at least 10000/);
  });

  it('needs a database or a source for each surface', () => {
    expect(() =>
      createCommentSignalInterceptor({ sources: { chat: source } }),
    ).toThrow(
      'comment signal: no source for surface "mcp"; pass options.db or options.sources.mcp',
    );
  });

  it('is injectable in Nest from COMMENT_SIGNAL_OPTIONS', async () => {
    const page = pageUuid(1);
    source.addPage({ id: page, title: 'Roadmap', workspaceId: WORKSPACE_ID });
    const module = await Test.createTestingModule({
      providers: [
        CommentSignalInterceptor,
        {
          provide: COMMENT_SIGNAL_OPTIONS,
          useValue: { sources, clock, debounceMs: 0 },
        },
      ],
    }).compile();
    const { intercept } = module.get(CommentSignalInterceptor);
    await callTool(intercept, 'getPage', { pageId: page }, {});
    clock.advance(10);
    source.addComment({ pageId: page, text: 'hi' });
    clock.advance(10);
    expect(
      signalOf(await callTool(intercept, 'getPage', { pageId: page }, {})),
    ).toMatch(/^\[signal\] new comments: 1 on page /);
  });
});
