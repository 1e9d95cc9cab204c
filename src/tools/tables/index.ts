import type { DependentToolExecutors } from '../executor-dependencies';
import type { ReadingHeavyTasks } from '../reading';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';
import { TABLE_TOOLS } from './tables.tools';
import { getTable } from './get-table';
import { tableInsertRow } from './table-insert-row';
import { tableUpdateCell } from './table-update-cell';
import { tableDeleteRow } from './table-delete-row';

export { TABLE_TOOLS } from './tables.tools';

/** Reading a table and editing its rows and cells (deferred tier). */
export const TABLE_EXECUTORS: DependentToolExecutors<
  typeof TABLE_TOOLS,
  ReadingHeavyTasks & BlockEditHeavyTasks
> = {
  getTable,
  tableInsertRow,
  tableUpdateCell,
  tableDeleteRow,
};
