export {
  createDocmostExecutors,
  type DocmostExecutorOptions,
} from './docmost-executors';
export { sharedHeavyWorkPool, type ToolHeavyWorkPool } from './heavy-work-pool';
export type { DocmostServicesOption } from './resolve-executor-dependencies';
export {
  TOOL_DEFINITIONS,
  type DocmostToolExecutors,
} from './tool-definitions';
export {
  docmostExecutorsFor,
  resolveExecutorDependencies,
  type ToolExecutorDependencies,
} from './docmost-executors';
