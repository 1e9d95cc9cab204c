import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ToolExecutor } from '../../registry/tool-spec';
import { bindPageAccess } from '../access';
import type { DocmostToolExecutors } from '../definitions';
import { CONTENT_EXECUTORS } from './content';
import { CORE_EXECUTORS } from './core';
import { DEFERRED_EXECUTORS } from './deferred';
import {
  resolveExecutorDependencies,
  type DependentToolExecutor,
  type DocmostExecutorOptions,
  type ToolExecutorDependencies,
} from './executor-dependencies';
import { MARKDOWN_EXECUTORS } from './markdown';

export { CORE_EXECUTOR_SPECS } from './core';
export { DEFERRED_EXECUTOR_SPECS } from './deferred';
export { MARKDOWN_EXECUTOR_SPECS } from './markdown';
export { CONTENT_EXECUTOR_SPECS } from './content';
export {
  DEFAULT_PUBLIC_BASE_URL,
  type DocmostExecutorOptions,
  type ToolExecutorDependencies,
} from './executor-dependencies';

/** All 41, before their dependencies are bound. */
const DOCMOST_EXECUTORS = {
  ...CORE_EXECUTORS,
  ...DEFERRED_EXECUTORS,
  ...MARKDOWN_EXECUTORS,
  ...CONTENT_EXECUTORS,
};

/**
 * Every executor this package implements over Docmost's schema, by tool name (all 41): the map
 * a host hands to `createToolRegistry`. The options are resolved once (`ToolExecutorDependencies`)
 * and bound into each executor. Override single entries by spreading:
 * `{ ...createDocmostExecutors(db), patchNode: mine }`.
 */
export function createDocmostExecutors(
  db: Kysely<DB>,
  options: DocmostExecutorOptions = {},
): Required<DocmostToolExecutors> {
  const dependencies = resolveExecutorDependencies(db, options);
  const executors = Object.fromEntries(
    Object.entries(DOCMOST_EXECUTORS).map(([name, run]) => [
      name,
      bindDependencies(run as DependentToolExecutor<never>, dependencies),
    ]),
  ) as Required<DocmostToolExecutors>;
  return options.pageAccess
    ? bindPageAccess(executors, options.pageAccess)
    : executors;
}

function bindDependencies(
  run: DependentToolExecutor<never>,
  dependencies: ToolExecutorDependencies,
): ToolExecutor<never> {
  return (input, context) => run(dependencies, input, context);
}
