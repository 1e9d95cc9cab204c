export {
  applyBlockEdit,
  type BlockEdit,
  type BlockEditReport,
} from './block-edits';
export {
  BLOCK_EDIT_HEAVY_TASKS,
  type BlockEditHeavyTasks,
} from './block-edit-heavy-tasks';
