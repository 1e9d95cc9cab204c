import { ToolError } from '../../ground';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { insertNodeTool } from './structure.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';
import { runBlockEdit } from '../block-edits';

export interface InsertNodeResult {
  readonly pageId: string;
  /** The new block's id; null for blocks without ids (tables, lists, images). */
  readonly nodeId: string | null;
  readonly type: string;
  /** `#<n>` position when the block landed at the top level; null when nested. */
  readonly outlineIndex: number | null;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/** Inserts one block before/after an anchor block, or at the end of the page (see `applyBlockEdit`). */
export async function insertNode(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof insertNodeTool>,
  context: ToolCallContext,
): Promise<InsertNodeResult> {
  if (input.position !== 'append' && input.anchorNodeId === undefined) {
    throw new ToolError(
      'invalid_input',
      `position "${input.position}" needs anchorNodeId (a block id or "#<n>"); use position "append" to add at the end of the page`,
    );
  }
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'insertNode' },
    () => ({
      kind: 'insert',
      position: input.position,
      anchorNodeId: input.anchorNodeId,
      node: input.node,
    }),
  );
  return {
    pageId: after.id,
    nodeId: report.nodeId,
    type: report.type,
    outlineIndex: report.outlineIndex,
    version: after.version,
    historyId: after.historyId,
  };
}
