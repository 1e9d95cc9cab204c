import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import { readPage } from '../../page-store';
import type { getCurrentPageTool } from './reading.tools';
import { toPageText, type PageText } from './get-page';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { ReadingHeavyTasks } from './reading-heavy-tasks';
import { viewOfPage } from './page-view';

/** The page open next to the chat, read like getPage; an error naming the alternatives when none is. */
export async function getCurrentPage(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getCurrentPageTool>,
  context: ToolCallContext,
): Promise<PageText> {
  if (context.currentPageId === undefined) {
    throw new ToolError(
      'not_found',
      'no page is open in this chat, so there is no current page; find the page with searchPages or listPages and read it with getPage',
    );
  }
  const page = await readPage(
    { db, livePages },
    context,
    context.currentPageId,
    { largeDocumentAsText: true },
  );
  const rendered = await viewOfPage(
    heavyWork,
    page,
    'pageTextView',
    { window: input },
    { context, toolName: 'getCurrentPage' },
  );
  return toPageText(page, rendered, input);
}
