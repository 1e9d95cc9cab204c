import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { tableInsertRowTool } from './tables.tools';
import { insertTableRow } from '../prosemirror/table';
import { editTable } from './edit-table';
import type { ToolExecutorDependencies } from '../executor-dependencies';

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
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof tableInsertRowTool>,
  context: ToolCallContext,
): Promise<TableInsertRowResult> {
  let row = 0;
  const edited = await editTable(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableInsertRow' },
    input.table,
    (table, takenIds) => {
      row = input.index ?? table.rows;
      return insertTableRow(table, row, input.cells, takenIds);
    },
  );
  return {
    pageId: edited.page.id,
    row,
    rows: edited.rows,
    columns: edited.columns,
    version: edited.page.version,
    historyId: edited.page.historyId,
  };
}
