import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../src/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { CONTENT_EXECUTOR_SPECS, createContentExecutors, type ContentExecutorOptions } from '../../../../src/tools/executors/content';
import { asDocument, type ProseMirrorNode } from '../../../../src/tools/prosemirror/prosemirror-node';
import { contextFor, type SeedUser } from '../../deferred/support/deferred-tools-harness';

export const PUBLIC_BASE_URL = 'https://docs.acme.test';

export interface ContentTools {
  readonly registry: ToolRegistry;
  /** Validates raw input with the tool's schema (defaults applied) and runs it as `user`. */
  call<Output = any>(name: 'transformPage' | 'stashPage', input: unknown, user?: SeedUser): Promise<Output>;
}

/** transformPage and stashPage over `db`, with a registry that validates input like both surfaces. */
export function createContentTools(db: Kysely<DB>, options: ContentExecutorOptions = {}): ContentTools {
  const registry = createToolRegistry({
    specs: CONTENT_EXECUTOR_SPECS,
    executors: createContentExecutors(db, { publicBaseUrl: PUBLIC_BASE_URL, ...options }),
    strict: true,
  });
  return {
    registry,
    async call(name, input, user = 'owner') {
      const outcome = await registry.call(name, input, contextFor(user));
      return outcome.output as never;
    },
  };
}

export interface StoredPage {
  readonly content: ProseMirrorNode;
  readonly textContent: string | null;
  readonly version: string;
  readonly historyCount: number;
  readonly lastUpdatedById: string | null;
}

/** The page row as stored now. */
export async function storedPage(db: Kysely<DB>, pageId: string): Promise<StoredPage> {
  const row = await db
    .selectFrom('pages')
    .select(['content', 'textContent', 'lastUpdatedById'])
    .select(sql<string>`updated_at::text`.as('version'))
    .select((eb) => eb.selectFrom('pageHistory').select(sql<number>`count(*)::int`.as('count')).whereRef('pageHistory.pageId', '=', 'pages.id').as('historyCount'))
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return { content: asDocument(row.content), textContent: row.textContent, version: row.version, historyCount: row.historyCount ?? 0, lastUpdatedById: row.lastUpdatedById };
}
