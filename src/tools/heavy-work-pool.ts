import { HeavyWorkPool } from '../workers';
import { TOOL_HEAVY_TASKS, type ToolHeavyTasks } from '../heavy-tasks';

/** The worker pool the tools run their heavy work on (the table: `src/heavy-tasks`). */
export type ToolHeavyWorkPool = HeavyWorkPool<ToolHeavyTasks>;

let shared: ToolHeavyWorkPool | undefined;

/**
 * The process-wide pool with default limits, for executors created without one (a host that
 * calls createDocmostExecutors directly, tests). AiToolsModule creates and closes its own.
 */
export function sharedHeavyWorkPool(): ToolHeavyWorkPool {
  shared ??= new HeavyWorkPool(TOOL_HEAVY_TASKS);
  return shared;
}
