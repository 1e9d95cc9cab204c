export {
  READING_HEAVY_TASKS,
  type ReadingHeavyTasks,
} from './reading-heavy-tasks';
export type { TableCells } from './table-view';
