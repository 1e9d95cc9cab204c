export { HeavyWorkPool, type HeavyRunCall } from './heavy-work-pool';
export {
  defaultHeavyWorkLimits,
  resolveHeavyWorkLimits,
  type HeavyWorkLimits,
  type HeavyWorkOptions,
} from './heavy-work-options';
export type {
  HeavyTaskInput,
  HeavyTaskName,
  HeavyTaskOutput,
  HeavyTasks,
  HeavyTaskTable,
} from './heavy-task-table';
export { HEAVY_WORK_POOL } from './heavy-work-pool-token';
export {
  AdmissionGate,
  type AdmissionLimits,
  type ReleaseSlot,
} from './admission-gate';
export {
  perUserLimitRefusal,
  queueWaitRefusal,
  type AdmissionWords,
} from './admission-refusals';
export { yieldToEventLoop } from './yield-to-event-loop';
export {
  admitLargeDocument,
  admitLargeInput,
  largeDocumentThreshold,
  withToolCallScope,
} from './large-document-admission';
export { resolvePositiveLimits } from './positive-limits';
