export {
  HISTORY_HEAVY_TASKS,
  type HistoryHeavyTasks,
} from './history-heavy-tasks';
