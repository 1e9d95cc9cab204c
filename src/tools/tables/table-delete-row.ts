import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { tableDeleteRowTool } from './tables.tools';
import { deleteTableRow } from '../prosemirror/table';
import { editTable } from './edit-table';
import type { ToolExecutorDependencies } from '../executor-dependencies';

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
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof tableDeleteRowTool>,
  context: ToolCallContext,
): Promise<TableDeleteRowResult> {
  let deletedCells: readonly string[] = [];
  const edited = await editTable(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableDeleteRow' },
    input.table,
    (table) => {
      const result = deleteTableRow(table, input.row);
      deletedCells = result.deletedTexts;
      return result.table;
    },
  );
  return {
    pageId: edited.page.id,
    row: input.row,
    deletedCells,
    rows: edited.rows,
    columns: edited.columns,
    version: edited.page.version,
    historyId: edited.page.historyId,
  };
}
