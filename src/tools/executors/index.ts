import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { DocmostToolExecutors } from '../definitions';
import { createCoreExecutors } from './core';
import { createDeferredExecutors, type DeferredExecutorOptions } from './deferred';

export { createCoreExecutors, CORE_EXECUTOR_SPECS, type CoreExecutors } from './core';
export { createDeferredExecutors, DEFERRED_EXECUTOR_SPECS, type DeferredExecutors, type DeferredExecutorOptions } from './deferred';

/** Options of every Docmost executor; only the deferred tier has any today. */
export type DocmostExecutorOptions = DeferredExecutorOptions;

/**
 * Every executor this package implements over Docmost's schema, by tool name: the map a host
 * hands to `createToolRegistry`. A tool group without executors yet is simply absent here, and
 * the registry leaves it unbound. Override single entries by spreading: `{ ...createDocmostExecutors(db), patchNode: mine }`.
 */
export function createDocmostExecutors(db: Kysely<DB>, options: DocmostExecutorOptions = {}): DocmostToolExecutors {
  return {
    ...createCoreExecutors(db),
    ...createDeferredExecutors(db, options),
  };
}
