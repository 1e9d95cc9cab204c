import type { Kysely } from 'kysely';
import type { DB } from '../../../../host/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../../../src/registry/tool-call-context';
import { ToolError } from '../../../../src/registry/tool-error';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import {
  CORE_EXECUTOR_SPECS,
  createCoreExecutors,
} from '../../../../src/tools/executors/core';

export { contextFor, type SeedUser } from '../../support/seeded-tools';

/** The core tools bound to `db`, called by name with raw input as a model would send it. */
export interface CoreTools {
  readonly registry: ToolRegistry;
  call<Output = Record<string, any>>(
    name: string,
    input: unknown,
    context: ToolCallContext,
  ): Promise<Output>;
  /** The ToolError a call fails with; fails the test when the call succeeds. */
  failure(
    name: string,
    input: unknown,
    context: ToolCallContext,
  ): Promise<ToolError>;
}

export function coreTools(db: Kysely<DB>): CoreTools {
  const registry = createToolRegistry({
    specs: CORE_EXECUTOR_SPECS,
    executors: createCoreExecutors(db),
    strict: true,
  });
  const call = async <Output>(
    name: string,
    input: unknown,
    context: ToolCallContext,
  ) => (await registry.call(name, input, context)).output as Output;
  return {
    registry,
    call,
    async failure(name, input, context) {
      try {
        await call(name, input, context);
      } catch (error) {
        if (error instanceof ToolError) return error;
        throw error;
      }
      throw new Error(`${name} succeeded but was expected to fail`);
    },
  };
}
