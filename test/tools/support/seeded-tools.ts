import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../host/database';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import { ToolError } from '../../../src/registry/tool-error';
import type { ToolRegistry } from '../../../src/registry/tool-registry';
import {
  asDocument,
  type ProseMirrorNode,
} from '../../../src/tools/prosemirror/prosemirror-node';

/** Shared by every tool group's test harness: seeded callers, the stored page, failures. */

export type SeedUser = keyof typeof SEED_IDS.users;

/** The context a chat turn of a seeded user gets; `overrides` adds a chat id or an open page. */
export function contextFor(
  user: SeedUser,
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  return {
    userId: SEED_IDS.users[user],
    workspaceId: SEED_IDS.workspace,
    surface: 'chat',
    sessionId: `test-${user}`,
    ...overrides,
  };
}

/** Calls a tool by name with raw input, as a model would send it, acting as a seeded user. */
export function callerOf(registry: ToolRegistry) {
  return async <Output = any>(
    name: string,
    input: unknown,
    user: SeedUser = 'owner',
  ): Promise<Output> =>
    (await registry.call(name, input, contextFor(user))).output as Output;
}

export interface StoredPage {
  readonly content: ProseMirrorNode;
  readonly textContent: string | null;
  readonly title: string | null;
  readonly version: string;
  readonly historyCount: number;
  readonly lastUpdatedById: string | null;
}

/** The page row as stored now, with its version and number of history rows. */
export async function storedPage(
  db: Kysely<DB>,
  pageId: string,
): Promise<StoredPage> {
  const row = await db
    .selectFrom('pages')
    .select(['content', 'textContent', 'title', 'lastUpdatedById'])
    .select(sql<string>`updated_at::text`.as('version'))
    .select((eb) =>
      eb
        .selectFrom('pageHistory')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('pageHistory.pageId', '=', 'pages.id')
        .as('historyCount'),
    )
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return {
    content: asDocument(row.content),
    textContent: row.textContent,
    title: row.title,
    version: row.version,
    historyCount: row.historyCount ?? 0,
    lastUpdatedById: row.lastUpdatedById,
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
