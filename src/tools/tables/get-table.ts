import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { readPage } from '../page-store';
import type { getTableTool } from './tables.tools';
import { asDocument } from '../prosemirror/prosemirror-node';
import {
  readTableCells,
  resolveTable,
  type TableCellView,
} from '../prosemirror/table';
import { refuseOversizedOutput } from '../output-limit';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface TableView {
  readonly pageId: string;
  readonly version: string;
  readonly tableIndex: number;
  /** `#<n>` of getOutline; null for a table nested in another block. */
  readonly outlineIndex: number | null;
  readonly rows: number;
  readonly columns: number;
  readonly cells: readonly (readonly TableCellView[])[];
}

export async function getTable(
  { db, livePages }: ToolExecutorDependencies,
  input: ToolInput<typeof getTableTool>,
  context: ToolCallContext,
): Promise<TableView> {
  const page = await readPage({ db, livePages }, context, input.pageId);
  const table = resolveTable(asDocument(page.content), input.table);
  const view: TableView = {
    pageId: page.id,
    version: page.version,
    tableIndex: table.tableIndex,
    outlineIndex: table.outlineIndex ?? null,
    rows: table.rows,
    columns: table.columns,
    cells: readTableCells(table.node),
  };
  return refuseOversizedOutput(view, {
    what: `table ${table.tableIndex} of page ${page.id} (${table.rows} rows)`,
    readInstead:
      'read its text in parts with getPage (fromBlock, maxChars), or hand the whole page over by URL with stashPage',
  });
}
