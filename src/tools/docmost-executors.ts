import { ToolError } from '../ground';
import type { Kysely } from 'kysely';
import { asDatabaseUnavailable } from '../database';
import { admitLargeInput, withToolCallScope } from '../workers';
import type { ToolExecutor } from '../registry';
import { bindPageAccess } from '../access';
import type { DocmostToolExecutors } from './tool-definitions';
import { COMMENT_EXECUTORS } from './comments';
import { CONTENT_EXECUTORS } from './content';
import { EDIT_TEXT_EXECUTORS } from './edit-text';
import { HISTORY_EXECUTORS } from './history';
import { PAGE_MANAGEMENT_EXECUTORS } from './page-management';
import { READING_EXECUTORS } from './reading';
import { SHARING_EXECUTORS } from './sharing';
import { STRUCTURE_EXECUTORS } from './structure';
import { TABLE_EXECUTORS } from './tables';
import type {
  DependentToolExecutor,
  ToolExecutorDependencies,
} from './executor-dependencies';
import {
  resolveExecutorDependencies,
  type DocmostExecutorOptions,
} from './resolve-executor-dependencies';

export type { ToolExecutorDependencies } from './executor-dependencies';
export {
  DEFAULT_PUBLIC_BASE_URL,
  resolveExecutorDependencies,
  type DocmostExecutorOptions,
} from './resolve-executor-dependencies';

/** All 41, each from the folder of its domain beside its spec, before their dependencies are bound. */
const DOCMOST_EXECUTORS = {
  ...READING_EXECUTORS,
  ...COMMENT_EXECUTORS,
  ...EDIT_TEXT_EXECUTORS,
  ...STRUCTURE_EXECUTORS,
  ...TABLE_EXECUTORS,
  ...PAGE_MANAGEMENT_EXECUTORS,
  ...HISTORY_EXECUTORS,
  ...SHARING_EXECUTORS,
  ...CONTENT_EXECUTORS,
};

/**
 * Every executor this package implements over Docmost's schema, by tool name (all 41): the map
 * a host hands to `createToolRegistry`. The options are resolved once (`ToolExecutorDependencies`)
 * and bound into each executor. Override single entries by spreading:
 * `{ ...createDocmostExecutors(db), patchNode: mine }`.
 */
export function createDocmostExecutors(
  // Any schema type: Kysely is invariant in it, and a host's generated `DB` (Docmost's) is not
  // this package's; the executors use only Docmost's own tables and columns.
  db: Kysely<any>,
  options: DocmostExecutorOptions = {},
): Required<DocmostToolExecutors> {
  return docmostExecutorsFor(resolveExecutorDependencies(db, options));
}

/**
 * The executors over dependencies already resolved: a host that uses them elsewhere too (the
 * module's stash routes use their `stashes`) resolves them once.
 */
export function docmostExecutorsFor(
  dependencies: ToolExecutorDependencies,
): Required<DocmostToolExecutors> {
  const executors = Object.fromEntries(
    Object.entries(DOCMOST_EXECUTORS).map(([name, run]) => [
      name,
      bindDependencies(run as DependentToolExecutor<never>, dependencies, name),
    ]),
  ) as Required<DocmostToolExecutors>;
  return dependencies.pageAccess
    ? bindPageAccess(executors, dependencies.pageAccess)
    : executors;
}

/**
 * One executor with its dependencies bound. A failure to reach the database becomes a
 * `DatabaseUnavailableError` whatever Kysely the host gave (the module's own already does
 * this), so the model reads `unavailable` (retry later) rather than `internal` (a bug).
 */
function bindDependencies(
  run: DependentToolExecutor<never>,
  dependencies: ToolExecutorDependencies,
  toolName: string,
): ToolExecutor<never> {
  return async (input, context) => {
    try {
      // The call's scope: a large input or a large page it reads admits it (and the slot goes
      // when it ends).
      return await withToolCallScope(
        {
          heavyWork: dependencies.heavyWork,
          userId: context.userId,
          toolName,
        },
        async () => {
          await admitLargeInput(input);
          return run(dependencies, input, context);
        },
      );
    } catch (error) {
      // A tool's own answer (a refusal, a conflict) is never mistaken for an outage.
      if (error instanceof ToolError) throw error;
      throw asDatabaseUnavailable(error);
    }
  };
}
