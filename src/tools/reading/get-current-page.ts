import { ToolError } from '../../ground';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { getCurrentPageTool } from './reading.tools';
import { readPageText, type CurrentPageText } from './get-page';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { ReadingHeavyTasks } from '../../heavy-tasks';

/** The page open next to the chat, read like getPage with its ids; an error naming the alternatives when none is. */
export async function getCurrentPage(
  dependencies: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getCurrentPageTool>,
  context: ToolCallContext,
): Promise<CurrentPageText> {
  if (context.currentPageId === undefined) {
    throw new ToolError(
      'not_found',
      'no page is open in this chat, so there is no current page; find the page with searchPages or listPages and read it with getPage',
    );
  }
  const { page, text } = await readPageText(
    dependencies,
    context.currentPageId,
    input,
    context,
    'getCurrentPage',
  );
  // The chat names the open page by nothing the model has seen: say which page it is and where.
  const { id, slugId, spaceId, parentPageId } = page;
  return { id, slugId, spaceId, parentPageId, ...text };
}
