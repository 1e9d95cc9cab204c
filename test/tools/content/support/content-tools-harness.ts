import type { Kysely } from 'kysely';
import type { DB } from '../../../../host/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { CONTENT_EXECUTOR_SPECS } from '../../../../src/tools/executors/content';
import type { DocmostExecutorOptions } from '../../../../src/tools/executors';
import { executorsFor } from '../../../support/executors-for';
import { callerOf, type SeedUser } from '../../support/seeded-tools';

export { storedPage, type StoredPage } from '../../support/seeded-tools';

export const PUBLIC_BASE_URL = 'https://docs.acme.test';

export interface ContentTools {
  readonly registry: ToolRegistry;
  /** Validates raw input with the tool's schema (defaults applied) and runs it as `user`. */
  call<Output = any>(
    name: 'transformPage' | 'stashPage',
    input: unknown,
    user?: SeedUser,
  ): Promise<Output>;
}

/** transformPage and stashPage over `db`, with a registry that validates input like both surfaces. */
export function createContentTools(
  db: Kysely<DB>,
  options: DocmostExecutorOptions = {},
): ContentTools {
  const registry = createToolRegistry({
    specs: CONTENT_EXECUTOR_SPECS,
    executors: executorsFor(CONTENT_EXECUTOR_SPECS, db, {
      publicBaseUrl: PUBLIC_BASE_URL,
      ...options,
    }),
    strict: true,
  });
  return {
    registry,
    call: callerOf(registry),
  };
}
