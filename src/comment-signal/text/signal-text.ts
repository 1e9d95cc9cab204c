import type { ToolCallContext } from '../../registry/tool-call-context';
import { sanitizePageTitle } from './sanitize-page-title';

/** How each surface names the tool that lists a page's comments. */
export const LIST_COMMENTS_TOOL_NAME: Readonly<
  Record<ToolCallContext['surface'], string>
> = {
  chat: 'listComments',
  mcp: 'list_comments',
};

/** New comments on one page, as a signal line reports them: a count and a name, no text. */
export interface PageCommentNews {
  readonly pageId: string;
  readonly title: string | null;
  readonly count: number;
}

/**
 * One line per page, in the order given:
 * `[signal] new comments: N on page <pageId> ("<title>") — call listComments(pageId) for details`.
 * Only counts, ids and a sanitised title: comment text is another user's untrusted input.
 */
export function formatCommentSignal(
  news: readonly PageCommentNews[],
  surface: ToolCallContext['surface'],
): string {
  const toolName = LIST_COMMENTS_TOOL_NAME[surface];
  return news
    .map(
      (page) =>
        `[signal] new comments: ${page.count} on page ${page.pageId} ("${sanitizePageTitle(page.title)}") \u2014 call ${toolName}(pageId) for details`,
    )
    .join('\n');
}

const SIGNAL_LINE =
  /^\[signal\] new comments: \d+ on page ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}) /gm;

/** The page ids of the signal lines in a notice (`formatCommentSignal`'s output), in order. */
export function signaledPageIds(notice: string): string[] {
  return [...notice.matchAll(SIGNAL_LINE)].map((match) => match[1]!);
}
