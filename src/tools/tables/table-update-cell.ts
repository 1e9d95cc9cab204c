import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { tableUpdateCellTool } from './tables.tools';
import { runBlockEdit } from '../block-edits';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';

export interface TableUpdateCellResult {
  readonly pageId: string;
  readonly row: number;
  readonly column: number;
  readonly previousText: string;
  readonly text: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function tableUpdateCell(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof tableUpdateCellTool>,
  context: ToolCallContext,
): Promise<TableUpdateCellResult> {
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableUpdateCell' },
    () => ({
      kind: 'tableUpdateCell',
      table: input.table,
      row: input.row,
      column: input.column,
      text: input.text,
    }),
  );
  return {
    pageId: after.id,
    row: input.row,
    column: input.column,
    previousText: report.previousText,
    text: input.text,
    version: after.version,
    historyId: after.historyId,
  };
}
