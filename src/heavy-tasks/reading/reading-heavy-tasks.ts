import { blockView, outlineView, pageTextView } from './document-views';
import { tableView } from './table-view';

/**
 * The reading views of a large page, made in a worker from its JSON text (see
 * `document-views.ts`; getTable's `table-view.ts`); the tools' pool runs them (`HEAVY_TASKS`).
 */
export const READING_HEAVY_TASKS = {
  pageTextView,
  blockView,
  outlineView,
  tableView,
} as const;

export type ReadingHeavyTasks = typeof READING_HEAVY_TASKS;
