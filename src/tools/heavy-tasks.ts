import { HeavyWorkPool, type HeavyTasks } from '../workers';
// Each table from its own file, not its folder's index: a worker loads this module, and with it
// only the heavy functions, none of the executors, the database or the access policy.
import { PAGE_STORE_HEAVY_TASKS } from '../page-store/page-store-heavy-tasks';
import { BLOCK_EDIT_HEAVY_TASKS } from './block-edits/block-edit-heavy-tasks';
import { CONTENT_HEAVY_TASKS } from './content/content-heavy-tasks';
import { EDIT_TEXT_HEAVY_TASKS } from './edit-text/edit-text-heavy-tasks';
import { HISTORY_HEAVY_TASKS } from './history/history-heavy-tasks';
import { READING_HEAVY_TASKS } from './reading/reading-heavy-tasks';
import { STRUCTURE_HEAVY_TASKS } from './structure/structure-heavy-tasks';

/**
 * The tools' CPU-heavy functions, which they hand to the worker pool by name: each domain's
 * table (its `*-heavy-tasks.ts`, beside the functions) and the page store's. Each is the same
 * pure function the calling thread runs for small inputs (and unit tests call directly): one
 * input object in, a structured-cloneable value out, ToolErrors for the model.
 */
export const HEAVY_TASKS = {
  ...READING_HEAVY_TASKS,
  ...BLOCK_EDIT_HEAVY_TASKS,
  ...EDIT_TEXT_HEAVY_TASKS,
  ...STRUCTURE_HEAVY_TASKS,
  ...CONTENT_HEAVY_TASKS,
  ...HISTORY_HEAVY_TASKS,
  ...PAGE_STORE_HEAVY_TASKS,
} as const;

/** Every task of the tools' pool, by name. */
export type ToolHeavyTasks = typeof HEAVY_TASKS;

/** The table and this module, which each worker loads by path. */
export const TOOL_HEAVY_TASKS: HeavyTasks<typeof HEAVY_TASKS> = {
  table: HEAVY_TASKS,
  module: __filename,
};

/** The worker pool the tools run their heavy work on. */
export type ToolHeavyWorkPool = HeavyWorkPool<typeof HEAVY_TASKS>;

let shared: ToolHeavyWorkPool | undefined;

/**
 * The process-wide pool with default limits, for executors created without one (a host that
 * calls createDocmostExecutors directly, tests). AiToolsModule creates and closes its own.
 */
export function sharedHeavyWorkPool(): ToolHeavyWorkPool {
  shared ??= new HeavyWorkPool(TOOL_HEAVY_TASKS);
  return shared;
}
