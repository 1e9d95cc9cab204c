import { COMMENT_TOOLS } from '../../definitions/comments.tools';
import { EDIT_TEXT_TOOLS } from '../../definitions/edit-text.tools';
import { READING_TOOLS } from '../../definitions/reading.tools';
import { createComment } from './comments/create-comment';
import { getComment } from './comments/get-comment';
import { listComments } from './comments/list-comments';
import { resolveComment } from './comments/resolve-comment';
import { editPageText } from './edit-text/edit-page-text';
import { getCurrentPage } from './reading/get-current-page';
import { getNode } from './reading/get-node';
import { getOutline } from './reading/get-outline';
import { getPage } from './reading/get-page';
import { getWorkspace } from './reading/get-workspace';
import { listPages } from './reading/list-pages';
import { listSpaces } from './reading/list-spaces';
import { searchPages } from './reading/search-pages';
import type { DependentToolExecutors } from '../executor-dependencies';

/** The 13 core-tier specs these executors bind. */
export const CORE_EXECUTOR_SPECS = [
  ...READING_TOOLS,
  ...COMMENT_TOOLS,
  ...EDIT_TEXT_TOOLS,
] as const;

/**
 * Executors of the 13 core tools over Docmost's PostgreSQL schema. Each acts as the calling user:
 * workspace and space membership are checked on every call, and writes (editPageText, comment
 * anchors, resolving) are compare-and-set page writes with a history row.
 */
export const CORE_EXECUTORS: DependentToolExecutors<
  typeof CORE_EXECUTOR_SPECS
> = {
  searchPages,
  listPages,
  listSpaces,
  getWorkspace,
  getCurrentPage,
  getPage,
  getOutline,
  getNode,
  createComment,
  getComment,
  listComments,
  resolveComment,
  editPageText,
};
