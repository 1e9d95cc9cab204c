/** Nest token of AiToolsModule's HeavyWorkPool, for a host that wants its load or to share it. */
export const HEAVY_WORK_POOL = Symbol('HEAVY_WORK_POOL');
