import { z } from 'zod';
import {
  createToolRegistry,
  type RegistryLogger,
} from './create-tool-registry';
import { RegistryError } from './registry-error';
import { toSnakeCase } from './snake-case';
import type { ToolCallContext } from './tool-call-context';
import type { AnyToolSpec, ToolExecutor } from './tool-spec';

/** The caller of the registry specs' calls: a chat turn of one user. */
export const callContext: ToolCallContext = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  surface: 'chat',
  sessionId: 'turn-1',
};

/** A valid read-only core tool named `name`, with whatever the test overrides. */
export function spec(
  overrides: Partial<AnyToolSpec> & Pick<AnyToolSpec, 'name'>,
): AnyToolSpec {
  return {
    mcpName: toSnakeCase(overrides.name),
    title: overrides.name,
    description: `Does ${overrides.name}.`,
    tier: 'core',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
    ...overrides,
  };
}

/** A logger for registries whose warnings the test does not read. */
export const silent: RegistryLogger = { warn: () => undefined };

/** The error `createToolRegistry` refuses these specs with; fails the test when it builds. */
export function registryRefusal(
  specs: readonly AnyToolSpec[],
  options: {
    readonly executors?: Readonly<Record<string, ToolExecutor>>;
    readonly strict?: boolean;
  } = {},
): RegistryError {
  try {
    createToolRegistry({
      specs,
      executors: options.executors ?? {},
      strict: options.strict,
      logger: silent,
    });
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected the registry to refuse to build');
}
