import { applyBlockEdit } from './block-edits';

/**
 * A block edit of a large page runs in a worker from the page's JSON text (see `runBlockEdit`,
 * src/tools/block-edits).
 */
export const BLOCK_EDIT_HEAVY_TASKS = { applyBlockEdit } as const;

export type BlockEditHeavyTasks = typeof BLOCK_EDIT_HEAVY_TASKS;
