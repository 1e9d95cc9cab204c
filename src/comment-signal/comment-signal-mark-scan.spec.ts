import type { ToolCallContext, ToolInterceptor } from '../registry';
import { createCommentSignalInterceptor } from './comment-signal-interceptor';
import { FakeCommentSource, ManualClock } from './testing/fake-comment-source';
import {
  callTool,
  chatContext,
  mcpContext,
  pageUuid,
  signalOf,
  WORKSPACE_ID,
} from './testing/tool-call-harness';
import { PAGE_A, PAGE_B, signalLine } from './testing/three-page-signal';
import {
  bold,
  heading,
  paragraph,
  text,
} from '../document/prosemirror/test-documents.fixture';

/** A page as getPageJson might return it: comment anchors are `comment` marks on text. */
function pageWithAnchors(pageId: string, commentIds: readonly string[]) {
  return {
    page: {
      id: pageId,
      slugId: 'abc',
      title: 'Roadmap',
      spaceId: pageUuid(50),
    },
    content: {
      type: 'doc',
      content: [
        heading('abcdefghijkl', 1, 'Roadmap'),
        paragraph(
          'bcdefghijklm',
          ...commentIds.map((commentId) =>
            text(`anchored ${commentId}`, bold, {
              type: 'comment',
              attrs: { commentId, resolved: false },
            }),
          ),
        ),
      ],
    },
  };
}

function setUp(mode: 'grouped' | 'per-page') {
  const clock = new ManualClock();
  const source = new FakeCommentSource(clock, mode);
  source.addPage({ id: PAGE_A, title: 'Roadmap', workspaceId: WORKSPACE_ID });
  source.addPage({ id: PAGE_B, title: 'Pricing', workspaceId: WORKSPACE_ID });
  const interceptor = createCommentSignalInterceptor({
    sources: { chat: source, mcp: source },
    clock,
    debounceMs: 20_000,
  });
  return { clock, source, interceptor };
}

/**
 * One read of a page through the interceptor, its content showing `commentIds` anchored: by
 * `getPageJson` in a chat unless told otherwise, `bare` for the document without its page.
 */
function readAnchors(
  interceptor: ToolInterceptor,
  pageId: string,
  commentIds: readonly string[],
  {
    tool = 'getPageJson',
    bare = false,
    context = chatContext(),
  }: { tool?: string; bare?: boolean; context?: ToolCallContext } = {},
) {
  const page = pageWithAnchors(pageId, commentIds);
  return callTool(
    interceptor,
    tool,
    { pageId },
    bare ? page.content : page,
    context,
  );
}

describe('comment signal mark scan', () => {
  it('checks a page at once when its content shows a comment mark not seen before', async () => {
    const { clock, source, interceptor } = setUp('grouped');
    await readAnchors(interceptor, PAGE_B, []);
    await readAnchors(interceptor, PAGE_A, ['c1']);
    expect(source.requests).toHaveLength(1); // the first window; a first scan only learns the marks

    clock.advance(1_000);
    const unchanged = await readAnchors(interceptor, PAGE_A, ['c1']);
    expect(unchanged.result).toBe(unchanged.inner);
    expect(source.requests).toHaveLength(1);

    source.addComment({ pageId: PAGE_A, text: 'anchored human comment' });
    clock.advance(1_000);
    const changed = await readAnchors(interceptor, PAGE_A, ['c1', 'c2']);
    expect(signalOf(changed)).toBe(signalLine(PAGE_A, 'Roadmap', 1));
    expect(source.requests.at(-1)!.pages.map((page) => page.pageId)).toEqual([
      PAGE_A,
    ]);

    clock.advance(1_000);
    await readAnchors(interceptor, PAGE_A, ['c1', 'c2']);
    expect(source.requests).toHaveLength(2);
  });

  it('attributes a bare document to the page named in the input', async () => {
    const { clock, source, interceptor } = setUp('grouped');
    await readAnchors(interceptor, PAGE_A, ['c1'], { bare: true });
    clock.advance(1_000);
    await readAnchors(interceptor, PAGE_A, ['c1', 'c3'], { bare: true });
    expect(source.requests).toHaveLength(2);
  });

  it('bypasses the per-page rate limit of an MCP session', async () => {
    const { clock, source, interceptor } = setUp('per-page');
    await readAnchors(interceptor, PAGE_A, ['c1'], {
      tool: 'get_page_json',
      context: mcpContext(),
    });
    clock.advance(1_000);
    await readAnchors(interceptor, PAGE_A, ['c1'], {
      tool: 'get_page_json',
      context: mcpContext(),
    });
    expect(source.requests).toHaveLength(1);
    await readAnchors(interceptor, PAGE_A, ['c1', 'c2'], {
      tool: 'get_page_json',
      context: mcpContext(),
    });
    expect(source.requests).toHaveLength(2);
    expect(source.violations).toEqual([]);
  });

  it('is scoped to its session', async () => {
    const { clock, source, interceptor } = setUp('grouped');
    await readAnchors(interceptor, PAGE_A, ['c1'], {
      context: chatContext({ sessionId: 'one' }),
    });
    await readAnchors(interceptor, PAGE_A, ['c1', 'c2'], {
      context: chatContext({ sessionId: 'two' }),
    });
    clock.advance(1_000);
    await readAnchors(interceptor, PAGE_A, ['c1', 'c2'], {
      context: chatContext({ sessionId: 'two' }),
    });
    expect(source.requests).toHaveLength(2); // each session's first window; "two" had seen c2 already
  });
});
