import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { tableDeleteRowTool } from './tables.tools';
import { runBlockEdit } from '../block-edits';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';

export interface TableDeleteRowResult {
  readonly pageId: string;
  readonly row: number;
  readonly deletedCells: readonly string[];
  readonly rows: number;
  readonly columns: number;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function tableDeleteRow(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: ToolInput<typeof tableDeleteRowTool>,
  context: ToolCallContext,
): Promise<TableDeleteRowResult> {
  const { after, report } = await runBlockEdit(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableDeleteRow' },
    () => ({ kind: 'tableDeleteRow', table: input.table, row: input.row }),
  );
  return {
    pageId: after.id,
    row: input.row,
    deletedCells: report.deletedCells,
    rows: report.rows,
    columns: report.columns,
    version: after.version,
    historyId: after.historyId,
  };
}
