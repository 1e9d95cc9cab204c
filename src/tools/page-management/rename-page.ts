import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage } from '../../access';
import type { renamePageTool } from './page-management.tools';
import { writePage } from '../page-store';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface RenamePageResult {
  readonly pageId: string;
  readonly previousTitle: string | null;
  readonly title: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function renamePage(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof renamePageTool>,
  context: ToolCallContext,
): Promise<RenamePageResult> {
  const page = await requirePage(dependencies.db, context, input.pageId, {
    write: true,
  });
  const written = await writePage(dependencies, {
    context,
    page,
    change: { title: input.title },
    toolName: 'renamePage',
  });
  return {
    pageId: written.id,
    previousTitle: page.title,
    title: input.title,
    version: written.version,
    historyId: written.historyId,
  };
}
