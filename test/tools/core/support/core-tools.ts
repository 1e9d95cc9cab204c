import type { Kysely } from 'kysely';
import type { DB } from '../../../../src/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../../../src/registry/tool-call-context';
import { ToolError } from '../../../../src/registry/tool-error';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { SEED_IDS } from '../../../../src/host/seed/seed-ids';
import { CORE_EXECUTOR_SPECS, createCoreExecutors } from '../../../../src/tools/executors/core';

export type SeedUser = keyof typeof SEED_IDS.users;

/** The context a chat turn of a seeded user gets; `overrides` adds a chat id or an open page. */
export function contextFor(user: SeedUser, overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  return { userId: SEED_IDS.users[user], workspaceId: SEED_IDS.workspace, surface: 'chat', sessionId: `test-${user}`, ...overrides };
}

/** The core tools bound to `db`, called by name with raw input as a model would send it. */
export interface CoreTools {
  readonly registry: ToolRegistry;
  call<Output = Record<string, any>>(name: string, input: unknown, context: ToolCallContext): Promise<Output>;
  /** The ToolError a call fails with; fails the test when the call succeeds. */
  failure(name: string, input: unknown, context: ToolCallContext): Promise<ToolError>;
}

export function coreTools(db: Kysely<DB>): CoreTools {
  const registry = createToolRegistry({ specs: CORE_EXECUTOR_SPECS, executors: createCoreExecutors(db), strict: true });
  const call = async <Output>(name: string, input: unknown, context: ToolCallContext) => (await registry.call(name, input, context)).output as Output;
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
