import type { HeavyTasks } from '../workers';
import { STORED_DOCUMENT_HEAVY_TASKS } from '../stored-document';
import { BLOCK_EDIT_HEAVY_TASKS } from './block-edits';
import { CONTENT_HEAVY_TASKS } from './content';
import { EDIT_TEXT_HEAVY_TASKS } from './edit-text';
import { HISTORY_HEAVY_TASKS } from './history';
import { READING_HEAVY_TASKS } from './reading';
import { STRUCTURE_HEAVY_TASKS } from './structure';

export {
  applyBlockEdit,
  type BlockEdit,
  type BlockEditHeavyTasks,
  type BlockEditReport,
} from './block-edits';
export {
  type BlockChanges,
  type ContentHeavyTasks,
  type MarkdownDocument,
} from './content';
export {
  findFormattingSyntax,
  PATCH_NODE_ADVICE,
  type EditedBlock,
  type EditTextHeavyTasks,
  type TextEditPlan,
} from './edit-text';
export { type HistoryHeavyTasks } from './history';
export { type ReadingHeavyTasks, type TableCells } from './reading';
export { type StructureHeavyTasks } from './structure';
export {
  fitItems,
  MAX_READ_OUTPUT_CHARS,
  outputChars,
  refuseOversizedOutput,
  refuseOversizedStoredDocument,
  type OutputLimit,
} from './output-limit';
export type { ScriptSandboxOptions } from './sandbox';

/**
 * The tools' CPU-heavy functions, which they hand to the worker pool by name: each domain's
 * table (its `*-heavy-tasks.ts`, beside the functions) and the stored form's. Each is the same
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
  ...STORED_DOCUMENT_HEAVY_TASKS,
} as const;

/** Every task of the tools' pool, by name. */
export type ToolHeavyTasks = typeof HEAVY_TASKS;

/**
 * The table and the module each worker loads by path: this index, the room's one door. The room
 * stands below the tools and imports only the document, its stored form and the ground, so a
 * worker starts on the heavy functions alone, none of the executors, the registry or the database
 * (`worker-modules.spec.ts` holds it to that).
 */
export const TOOL_HEAVY_TASKS: HeavyTasks<ToolHeavyTasks> = {
  table: HEAVY_TASKS,
  module: __filename,
};
