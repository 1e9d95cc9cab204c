import type { CommentSignalOptions } from '../comment-signal-options';
import { createCommentSignalInterceptor } from '../comment-signal-interceptor';
import { FakeCommentSource, ManualClock } from './fake-comment-source';
import type { ToolCallContext, ToolInterceptor } from '../../registry';
import {
  callTool,
  chatContext,
  pageUuid,
  WORKSPACE_ID,
} from './tool-call-harness';

/** Three pages of the interceptor specs, with their titles in the fake source. */
export const PAGE_A = pageUuid(1);
export const PAGE_B = pageUuid(2);
export const PAGE_C = pageUuid(3);

/** An interceptor over a fake source holding the three pages, on a manual clock, without debounce. */
export function setUp(
  options: Partial<CommentSignalOptions> = {},
  mode: 'grouped' | 'per-page' = 'grouped',
) {
  const clock = new ManualClock();
  const source = new FakeCommentSource(clock, mode);
  for (const [id, title] of [
    [PAGE_A, 'Roadmap'],
    [PAGE_B, 'Pricing'],
    [PAGE_C, 'Strategy'],
  ] as const) {
    source.addPage({ id, title, workspaceId: WORKSPACE_ID });
  }
  const failures: unknown[] = [];
  const interceptor = createCommentSignalInterceptor({
    sources: { chat: source, mcp: source },
    clock,
    debounceMs: 0,
    onCheckFailed: (error) => failures.push(error),
    ...options,
  });
  return { clock, source, interceptor, failures };
}

/** The `[signal]` line the interceptor writes for `count` new comments on a page. */
export const signalLine = (
  pageId: string,
  title: string,
  count: number,
  tool = 'listComments',
) =>
  `[signal] new comments: ${count} on page ${pageId} ("${title}") \u2014 call ${tool}(pageId) for details`;

/**
 * The scene the reading cases start from: each page read (so it is in the session's working
 * set), then one new comment on each.
 */
export async function commentOnReadPages(
  { clock, source }: { clock: ManualClock; source: FakeCommentSource },
  interceptor: ToolInterceptor,
  pageIds: readonly string[],
  context: ToolCallContext = chatContext(),
): Promise<void> {
  for (const pageId of pageIds) {
    await callTool(interceptor, 'getPage', { pageId }, {}, context);
  }
  clock.advance(10);
  for (const pageId of pageIds) {
    source.addComment({ pageId, text: `on ${pageId}` });
  }
  clock.advance(10);
}
