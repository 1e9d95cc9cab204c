import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../../../host/database';
import { createToolRegistry } from '../../../../src/registry/create-tool-registry';
import type { ToolRegistry } from '../../../../src/registry/tool-registry';
import { MARKDOWN_EXECUTOR_SPECS } from '../../../../src/tools/executors/markdown';
import type { DocmostExecutorOptions } from '../../../../src/tools/executors';
import { executorsFor } from '../../../support/executors-for';
import type { ProseMirrorNode } from '../../../../src/tools/prosemirror/prosemirror-node';
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

export type MarkdownToolName =
  | 'createPage'
  | 'updatePageContent'
  | 'exportPageMarkdown'
  | 'importPageMarkdown';

export interface MarkdownToolsHarness {
  readonly database: TestDatabase;
  readonly db: Kysely<DB>;
  readonly registry: ToolRegistry;
  /** Validates raw input with the tool's schema (defaults applied) and runs it as `user`. */
  call<Output = any>(
    name: MarkdownToolName,
    input: unknown,
    user?: SeedUser,
  ): Promise<Output>;
  /** The page row as stored now. */
  page(pageId: string): Promise<StoredPage>;
  /** A human's save in the editor: new content and a new `updated_at`, outside any tool. */
  humanEdit(pageId: string, content: ProseMirrorNode): Promise<void>;
}

/** A seeded database of its own, the four Markdown executors and a registry over them. */
export async function createMarkdownToolsHarness(
  options: DocmostExecutorOptions = {},
): Promise<MarkdownToolsHarness> {
  const database = await createTestDatabase();
  const { db } = database;
  const registry = createToolRegistry({
    specs: MARKDOWN_EXECUTOR_SPECS,
    executors: executorsFor(MARKDOWN_EXECUTOR_SPECS, db, options),
    strict: true,
  });
  return {
    database,
    db,
    registry,
    call: callerOf(registry),
    page: (pageId) => storedPage(db, pageId),
    async humanEdit(pageId, content) {
      await db
        .updateTable('pages')
        .set({
          content: content as unknown as JsonValue,
          updatedAt: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', pageId)
        .execute();
    },
  };
}
