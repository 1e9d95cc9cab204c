import type { DependentToolExecutors } from '../executor-dependencies';
import type { EditTextHeavyTasks } from '../../heavy-tasks';
import { EDIT_TEXT_TOOLS } from './edit-text.tools';
import { editPageText } from './edit-page-text';

export { EDIT_TEXT_TOOLS } from './edit-text.tools';

/** Find-and-replace edits of a page's text that keep its formatting (core tier). */
export const EDIT_TEXT_EXECUTORS: DependentToolExecutors<
  typeof EDIT_TEXT_TOOLS,
  EditTextHeavyTasks
> = {
  editPageText,
};
