import { sql, type Kysely } from 'kysely';
import type { DB, PageHistoryRow } from '../../database';
import type { ToolCallContext } from '../../registry';
import { abbreviate, ToolError } from '../../ground';
import { type AccessiblePage } from '../../access';
import { isUuid } from '../../ground';
import { readPageOfRow, type LivePageReader } from '../../page-store';

/**
 * A saved version with its document as the JSON text PostgreSQL stores: parsed (or handed to a
 * worker) only by the tool that needs it, and never walked by a host's CamelCasePlugin.
 */
export type PageVersionRow = Omit<PageHistoryRow, 'content'> & {
  readonly contentText: string | null;
};

export interface AccessiblePageVersion {
  readonly version: PageVersionRow;
  /** The page, without its document (`content` null): the tools need its access and version. */
  readonly page: AccessiblePage;
}

function versionNotFound(historyId: string): ToolError {
  return new ToolError(
    'not_found',
    `page version ${abbreviate(historyId)} not found or no access; call listPageHistory for the page's versions`,
  );
}

/**
 * Loads a saved version the caller may see: its page must be visible to them (and writable with
 * `write`). A missing version and one of a page they cannot see get the same answer, which never
 * names the page.
 */
export async function requirePageVersion(
  db: Kysely<DB>,
  context: ToolCallContext,
  historyId: string,
  options: {
    readonly write?: boolean;
    /** Read the page's document as its open editors have it (a tool that writes over it). */
    readonly livePages?: LivePageReader;
  } = {},
): Promise<AccessiblePageVersion> {
  if (!isUuid(historyId)) throw versionNotFound(historyId);
  const version = await db
    .selectFrom('pageHistory')
    .select([
      'id',
      'pageId',
      'slugId',
      'title',
      'slug',
      'icon',
      'coverPhoto',
      'version',
      'lastUpdatedById',
      'spaceId',
      'workspaceId',
      'createdAt',
      'updatedAt',
      'contributorIds',
      'lastUpdatedSource',
      'lastUpdatedAiChatId',
      sql<string | null>`content::text`.as('contentText'),
    ])
    .where('id', '=', historyId)
    .where('workspaceId', '=', context.workspaceId)
    .executeTakeFirst();
  if (!version) throw versionNotFound(historyId);
  // Reading an old version of a trashed page is harmless; writing one back needs a live page.
  const page = await readPageOfRow(
    { db, livePages: options.livePages },
    context,
    version.pageId,
    { write: options.write, includeDeleted: !options.write, content: false },
    () => versionNotFound(historyId),
  );
  return { version, page };
}
