import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import {
  viewOfPage,
  type ReadingHeavyTasks,
  type TableCells,
} from '../reading';
import type { getTableTool } from './tables.tools';
import { refuseOversizedOutput } from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface TableView extends TableCells {
  readonly pageId: string;
  readonly version: string;
}

export async function getTable(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getTableTool>,
  context: ToolCallContext,
): Promise<TableView> {
  const page = await readPage({ db, livePages }, context, input.pageId, {
    largeDocumentAsText: true,
  });
  const table = await viewOfPage(
    heavyWork,
    page,
    'tableView',
    { table: input.table },
    { context, toolName: 'getTable' },
  );
  const view: TableView = { pageId: page.id, version: page.version, ...table };
  return refuseOversizedOutput(view, {
    what: `table ${table.tableIndex} of page ${page.id} (${table.rows} rows)`,
    readInstead:
      'read its text in parts with getPage (fromBlock, maxChars), or hand the whole page over by URL with stashPage',
  });
}
