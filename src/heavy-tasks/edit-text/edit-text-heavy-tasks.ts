import { planTextEdit } from './plan-text-edit';

/**
 * A text edit of a large page is planned in a worker (see src/tools/edit-text/edit-page-text.ts).
 */
export const EDIT_TEXT_HEAVY_TASKS = { planTextEdit } as const;

export type EditTextHeavyTasks = typeof EDIT_TEXT_HEAVY_TASKS;
