import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import { ToolError } from '../../../../registry/tool-error';
import type { ToolInput } from '../../../../registry/tool-spec';
import { requirePage } from '../../../access';
import type { sharePageTool } from '../../../definitions/sharing.tools';
import { generateShareKey, shareUrl } from './share-url';
import { isSharingDisabled } from './sharing-disabled';

export interface SharePageResult {
  readonly shareId: string;
  readonly key: string;
  readonly url: string;
  readonly pageId: string;
  readonly title: string | null;
  readonly includeSubPages: boolean;
  readonly searchIndexing: boolean;
  /** False when the page was already shared (its existing link is returned). */
  readonly created: boolean;
}

/** Publishes a page, or returns its existing share; refused while the workspace disables sharing. */
export async function sharePage(
  db: Kysely<DB>,
  input: ToolInput<typeof sharePageTool>,
  context: ToolCallContext,
  publicBaseUrl: string,
): Promise<SharePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  if (await isSharingDisabled(db, context.workspaceId)) {
    throw new ToolError(
      'forbidden',
      'public sharing is disabled for this workspace (a workspace admin turned it off in the security settings); the page was not shared. Tell the user; only an admin can turn sharing back on.',
    );
  }
  return db.transaction().execute(async (trx) => {
    // Locking the page row makes two concurrent calls agree on one share.
    await sql`select id from pages where id = ${page.id} for update`.execute(trx);
    const existing = await trx.selectFrom('shares').selectAll().where('pageId', '=', page.id).where('deletedAt', 'is', null).orderBy('createdAt').executeTakeFirst();
    if (existing) {
      const includeSubPages = input.includeSubPages ?? existing.includeSubPages === true;
      const searchIndexing = input.searchIndexing ?? existing.searchIndexing === true;
      if (includeSubPages !== existing.includeSubPages || searchIndexing !== existing.searchIndexing) {
        await trx.updateTable('shares').set({ includeSubPages, searchIndexing, updatedAt: sql<Date>`now()` }).where('id', '=', existing.id).execute();
      }
      return { shareId: existing.id, key: existing.key, url: shareUrl(publicBaseUrl, existing.key, page), pageId: page.id, title: page.title, includeSubPages, searchIndexing, created: false };
    }
    const created = await trx
      .insertInto('shares')
      .values({
        key: generateShareKey(),
        pageId: page.id,
        includeSubPages: input.includeSubPages ?? false,
        searchIndexing: input.searchIndexing ?? false,
        creatorId: context.userId,
        spaceId: page.spaceId,
        workspaceId: page.workspaceId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      shareId: created.id,
      key: created.key,
      url: shareUrl(publicBaseUrl, created.key, page),
      pageId: page.id,
      title: page.title,
      includeSubPages: created.includeSubPages === true,
      searchIndexing: created.searchIndexing === true,
      created: true,
    };
  });
}
