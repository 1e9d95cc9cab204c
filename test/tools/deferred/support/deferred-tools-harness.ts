import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../src/database';
import { SEED_IDS } from '../../../../src/host/seed/seed-ids';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import { ToolError } from '../../../../src/registry/tool-error';
import type { ToolCallContext } from '../../../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { createDeferredExecutors, DEFERRED_EXECUTOR_SPECS } from '../../../../src/tools/executors/deferred';
import { asDocument, type ProseMirrorNode } from '../../../../src/tools/prosemirror/prosemirror-node';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database';

export const PUBLIC_BASE_URL = 'https://docs.acme.test';

export type SeedUser = keyof typeof SEED_IDS.users;

export function contextFor(user: SeedUser): ToolCallContext {
  return { userId: SEED_IDS.users[user], workspaceId: SEED_IDS.workspace, surface: 'chat', sessionId: `test-${user}` };
}

export interface DeferredToolsHarness {
  readonly database: TestDatabase;
  readonly db: Kysely<DB>;
  readonly registry: ToolRegistry;
  /** Validates raw input with the tool's schema (defaults applied) and runs it as `user`. */
  call<Output = any>(name: string, input: unknown, user?: SeedUser): Promise<Output>;
  /** The page row as stored now. */
  page(pageId: string): Promise<{ content: ProseMirrorNode; textContent: string | null; title: string | null; version: string; historyCount: number }>;
}

/** A seeded database of its own, the 22 deferred executors and a registry over them. */
export async function createDeferredToolsHarness(): Promise<DeferredToolsHarness> {
  const database = await createTestDatabase();
  const { db } = database;
  const registry = createToolRegistry({
    specs: DEFERRED_EXECUTOR_SPECS,
    executors: createDeferredExecutors(db, { publicBaseUrl: PUBLIC_BASE_URL }),
    strict: true,
  });
  return {
    database,
    db,
    registry,
    async call(name, input, user = 'owner') {
      const outcome = await registry.call(name, input, contextFor(user));
      return outcome.output as never;
    },
    async page(pageId) {
      const row = await db
        .selectFrom('pages')
        .select(['content', 'textContent', 'title'])
        .select(sql<string>`updated_at::text`.as('version'))
        .select((eb) => eb.selectFrom('pageHistory').select(sql<number>`count(*)::int`.as('count')).whereRef('pageHistory.pageId', '=', 'pages.id').as('historyCount'))
        .where('id', '=', pageId)
        .executeTakeFirstOrThrow();
      return { content: asDocument(row.content), textContent: row.textContent, title: row.title, version: row.version, historyCount: row.historyCount ?? 0 };
    },
  };
}

/** Awaits a call that must fail with a ToolError the model would read, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}
