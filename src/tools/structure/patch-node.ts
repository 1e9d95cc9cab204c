import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { patchNodeTool } from './structure.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';
import { runBlockEdit } from '../block-edits';

export interface PatchNodeResult {
  readonly pageId: string;
  /** The new block's id: the old one unless the node brought another; null for blocks without ids. */
  readonly nodeId: string | null;
  readonly type: string;
  readonly replacedText: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/** Replaces one block, keeping its id when the replacement gives none (see `applyBlockEdit`). */
export async function patchNode(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof patchNodeTool>,
  context: ToolCallContext,
): Promise<PatchNodeResult> {
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'patchNode' },
    () => ({ kind: 'patch', nodeId: input.nodeId, node: input.node }),
  );
  return {
    pageId: after.id,
    nodeId: report.nodeId,
    type: report.type,
    replacedText: report.replacedText,
    version: after.version,
    historyId: after.historyId,
  };
}
