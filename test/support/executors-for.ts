import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import type {
  AnyToolSpec,
  ToolExecutorMap,
} from '../../src/registry/tool-spec';
import {
  createDocmostExecutors,
  type DocmostExecutorOptions,
} from '../../src/tools/executors';

/**
 * The executors of `specs` alone, taken from `createDocmostExecutors`: a registry over one group
 * of tools (strict, so every spec needs its executor and no executor may lack a spec).
 */
export function executorsFor<const Specs extends readonly AnyToolSpec[]>(
  specs: Specs,
  db: Kysely<DB>,
  options: DocmostExecutorOptions = {},
): ToolExecutorMap<Specs> {
  const all: Readonly<Record<string, unknown>> = createDocmostExecutors(
    db,
    options,
  );
  return Object.fromEntries(
    specs.map((spec) => [spec.name, all[spec.name]]),
  ) as ToolExecutorMap<Specs>;
}
