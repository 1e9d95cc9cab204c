import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { ToolExecutorMap } from '../../../registry/tool-spec';
import { sharedHeavyWorkPool, type HeavyWorkPool } from '../../../workers';
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

/** The 13 core-tier specs these executors bind. */
export const CORE_EXECUTOR_SPECS = [
  ...READING_TOOLS,
  ...COMMENT_TOOLS,
  ...EDIT_TEXT_TOOLS,
] as const;

export interface CoreExecutorOptions {
  /** The worker pool editPageText uses on large pages; default the process-wide shared pool. */
  readonly heavyWork?: HeavyWorkPool;
}

export type CoreExecutors = Required<
  ToolExecutorMap<typeof CORE_EXECUTOR_SPECS>
>;

/**
 * Executors of the 13 core tools over Docmost's PostgreSQL schema. Each acts as the calling user:
 * workspace and space membership are checked on every call, and writes (editPageText, comment
 * anchors, resolving) are compare-and-set page writes with a history row.
 */
export function createCoreExecutors(
  db: Kysely<DB>,
  options: CoreExecutorOptions = {},
): CoreExecutors {
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  return {
    searchPages: (input, context) => searchPages(db, input, context),
    listPages: (input, context) => listPages(db, input, context),
    listSpaces: (_input, context) => listSpaces(db, context),
    getWorkspace: (_input, context) => getWorkspace(db, context),
    getCurrentPage: (input, context) => getCurrentPage(db, input, context),
    getPage: (input, context) => getPage(db, input, context),
    getOutline: (input, context) => getOutline(db, input, context),
    getNode: (input, context) => getNode(db, input, context),
    createComment: (input, context) => createComment(db, input, context),
    getComment: (input, context) => getComment(db, input, context),
    listComments: (input, context) => listComments(db, input, context),
    resolveComment: (input, context) => resolveComment(db, input, context),
    editPageText: (input, context) =>
      editPageText(db, input, context, heavyWork),
  };
}
