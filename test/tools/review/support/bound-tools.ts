import type { Kysely } from 'kysely';
import type { DB } from '../../../../host/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import { ToolError } from '../../../../src/registry/tool-error';
import { CORE_EXECUTOR_SPECS } from '../../../../src/tools/executors/core';
import { DEFERRED_EXECUTOR_SPECS } from '../../../../src/tools/executors/deferred';
import { executorsFor } from '../../../support/executors-for';
import { callerOf, type SeedUser } from '../../support/seeded-tools';

export { contextFor, type SeedUser } from '../../support/seeded-tools';

/** The core and deferred tools over `db`, called by name with raw model input. */
export interface BoundTools {
  call<Output = Record<string, any>>(
    name: string,
    input: unknown,
    user?: SeedUser,
  ): Promise<Output>;
  /** What a call fails with: a ToolError, or (the bug these tests guard against) anything else. */
  failure(name: string, input: unknown, user?: SeedUser): Promise<unknown>;
}

export function boundTools(db: Kysely<DB>): BoundTools {
  const specs = [...CORE_EXECUTOR_SPECS, ...DEFERRED_EXECUTOR_SPECS];
  const registry = createToolRegistry({
    specs,
    executors: executorsFor(specs, db),
    strict: true,
  });
  const call = callerOf(registry);
  return {
    call,
    async failure(name, input, user) {
      try {
        await call(name, input, user);
      } catch (error) {
        return error;
      }
      throw new Error(`${name} succeeded but was expected to fail`);
    },
  };
}

/** Narrows a failure to the ToolError it must be, failing with the raw error otherwise. */
export function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  throw new Error(
    `expected a ToolError, got ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`,
  );
}
