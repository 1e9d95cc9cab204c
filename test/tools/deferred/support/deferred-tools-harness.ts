import type { Kysely } from 'kysely';
import type { DB } from '../../../../host/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { DEFERRED_EXECUTOR_SPECS } from '../../../../src/tools/executors/deferred';
import { executorsFor } from '../../../support/executors-for';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../../support/test-database';
import {
  callerOf,
  storedPage,
  type SeedUser,
  type StoredPage,
} from '../../support/seeded-tools';

export {
  contextFor,
  rejection,
  type SeedUser,
  type StoredPage,
} from '../../support/seeded-tools';

export const PUBLIC_BASE_URL = 'https://docs.acme.test';

export interface DeferredToolsHarness {
  readonly database: TestDatabase;
  readonly db: Kysely<DB>;
  readonly registry: ToolRegistry;
  /** Validates raw input with the tool's schema (defaults applied) and runs it as `user`. */
  call<Output = any>(
    name: string,
    input: unknown,
    user?: SeedUser,
  ): Promise<Output>;
  /** The page row as stored now. */
  page(pageId: string): Promise<StoredPage>;
}

/** A seeded database of its own, the 22 deferred executors and a registry over them. */
export async function createDeferredToolsHarness(): Promise<DeferredToolsHarness> {
  const database = await createTestDatabase();
  const { db } = database;
  const registry = createToolRegistry({
    specs: DEFERRED_EXECUTOR_SPECS,
    executors: executorsFor(DEFERRED_EXECUTOR_SPECS, db, {
      publicBaseUrl: PUBLIC_BASE_URL,
    }),
    strict: true,
  });
  return {
    database,
    db,
    registry,
    call: callerOf(registry),
    page: (pageId) => storedPage(db, pageId),
  };
}
