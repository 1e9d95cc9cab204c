import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { deleteNodeTool } from './structure.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';
import { runBlockEdit } from '../block-edits';

export interface DeleteNodeResult {
  readonly pageId: string;
  readonly deleted: { readonly type: string; readonly text: string };
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/** Removes one block with its content; refuses to leave a container the editor cannot hold. */
export async function deleteNode(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof deleteNodeTool>,
  context: ToolCallContext,
): Promise<DeleteNodeResult> {
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'deleteNode' },
    () => ({ kind: 'delete', nodeId: input.nodeId }),
  );
  return {
    pageId: after.id,
    deleted: report.deleted,
    version: after.version,
    historyId: after.historyId,
  };
}
