export {
  EDIT_TEXT_HEAVY_TASKS,
  type EditTextHeavyTasks,
} from './edit-text-heavy-tasks';
export { findFormattingSyntax } from './formatting-syntax';
export {
  PATCH_NODE_ADVICE,
  type EditedBlock,
  type TextEditPlan,
} from './plan-text-edit';
