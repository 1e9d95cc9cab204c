import { prepareWholeDocument } from './prepare-whole-document';

/**
 * A whole new document is validated, numbered and stored in a worker (see
 * src/tools/structure/update-page-json.ts).
 */
export const STRUCTURE_HEAVY_TASKS = { prepareWholeDocument } as const;

export type StructureHeavyTasks = typeof STRUCTURE_HEAVY_TASKS;
