import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { tableUpdateCellTool } from './tables.tools';
import { updateTableCell } from '../prosemirror/table';
import { editTable } from './edit-table';
import type { ToolExecutorDependencies } from '../executor-dependencies';

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
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof tableUpdateCellTool>,
  context: ToolCallContext,
): Promise<TableUpdateCellResult> {
  let previousText = '';
  const edited = await editTable(
    dependencies,
    { context, pageId: input.pageId, toolName: 'tableUpdateCell' },
    input.table,
    (table, takenIds) => {
      const result = updateTableCell(
        table,
        input.row,
        input.column,
        input.text,
        takenIds,
      );
      previousText = result.previousText;
      return result.table;
    },
  );
  return {
    pageId: edited.page.id,
    row: input.row,
    column: input.column,
    previousText,
    text: input.text,
    version: edited.page.version,
    historyId: edited.page.historyId,
  };
}
