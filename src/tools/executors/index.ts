import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import { bindPageAccess, type PageAccessPolicy } from '../access';
import type { DocmostToolExecutors } from '../definitions';
import { createCoreExecutors } from './core';
import { createContentExecutors, type ContentExecutorOptions } from './content';
import {
  createDeferredExecutors,
  type DeferredExecutorOptions,
} from './deferred';
import {
  createMarkdownExecutors,
  type MarkdownExecutorOptions,
} from './markdown';

export {
  createCoreExecutors,
  CORE_EXECUTOR_SPECS,
  type CoreExecutors,
} from './core';
export {
  createDeferredExecutors,
  DEFERRED_EXECUTOR_SPECS,
  type DeferredExecutors,
  type DeferredExecutorOptions,
} from './deferred';
export {
  createMarkdownExecutors,
  MARKDOWN_EXECUTOR_SPECS,
  type MarkdownExecutors,
  type MarkdownExecutorOptions,
} from './markdown';
export {
  createContentExecutors,
  CONTENT_EXECUTOR_SPECS,
  type ContentExecutorOptions,
} from './content';

/** Options of every Docmost executor group (they share `publicBaseUrl`). */
export type DocmostExecutorOptions = DeferredExecutorOptions &
  MarkdownExecutorOptions &
  ContentExecutorOptions & {
    /** Page-level permissions every executor applies; default Docmost's `page_access` rules. */
    readonly pageAccess?: PageAccessPolicy;
  };

/**
 * Every executor this package implements over Docmost's schema, by tool name (all 41): the map
 * a host hands to `createToolRegistry`. Override single entries by spreading: `{ ...createDocmostExecutors(db), patchNode: mine }`.
 */
export function createDocmostExecutors(
  db: Kysely<DB>,
  options: DocmostExecutorOptions = {},
): DocmostToolExecutors {
  const executors: DocmostToolExecutors = {
    ...createCoreExecutors(db, options),
    ...createDeferredExecutors(db, options),
    ...createMarkdownExecutors(db, options),
    ...createContentExecutors(db, options),
  };
  return options.pageAccess
    ? bindPageAccess(executors, options.pageAccess)
    : executors;
}
