import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { tableInsertRowTool } from './tables.tools';
import { runBlockEdit } from '../block-edits';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';

export interface TableInsertRowResult {
  readonly pageId: string;
  readonly row: number;
  readonly rows: number;
  readonly columns: number;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function tableInsertRow(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof tableInsertRowTool>,
  context: ToolCallContext,
): Promise<TableInsertRowResult> {
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableInsertRow' },
    () => ({
      kind: 'tableInsertRow',
      table: input.table,
      index: input.index,
      cells: input.cells,
    }),
  );
  return {
    pageId: after.id,
    row: report.row,
    rows: report.rows,
    columns: report.columns,
    version: after.version,
    historyId: after.historyId,
  };
}
