import type { DependentToolExecutors } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';
import { COMMENT_TOOLS } from './comments.tools';
import { createComment } from './create-comment';
import { getComment } from './get-comment';
import { listComments } from './list-comments';
import { resolveComment } from './resolve-comment';
import { checkNewComments } from './check-new-comments';

export { COMMENT_TOOLS } from './comments.tools';

/** A page's comment threads (core tier; anchors are written through the page writer) and a space's new comments since a moment (deferred). */
export const COMMENT_EXECUTORS: DependentToolExecutors<
  typeof COMMENT_TOOLS,
  BlockEditHeavyTasks
> = {
  createComment,
  getComment,
  listComments,
  resolveComment,
  checkNewComments,
};
