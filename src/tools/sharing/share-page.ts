import { sql } from 'kysely';
import type { DB, Share } from '../../database';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage } from '../../access';
import type { sharePageTool } from './sharing.tools';
import { generateShareKey, shareUrl } from './share-url';
import { isSharingDisabled } from './sharing-disabled';
import type { ToolExecutorDependencies } from '../executor-dependencies';

const KEY_ATTEMPTS = 5;

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
  { db, publicBaseUrl }: ToolExecutorDependencies,
  input: ToolInput<typeof sharePageTool>,
  context: ToolCallContext,
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
    await sql`select id from pages where id = ${page.id} for update`.execute(
      trx,
    );
    const existing = await trx
      .selectFrom('shares')
      .selectAll()
      .where('pageId', '=', page.id)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt')
      .executeTakeFirst();
    if (existing) {
      const includeSubPages =
        input.includeSubPages ?? existing.includeSubPages === true;
      const searchIndexing =
        input.searchIndexing ?? existing.searchIndexing === true;
      if (
        includeSubPages !== existing.includeSubPages ||
        searchIndexing !== existing.searchIndexing
      ) {
        await trx
          .updateTable('shares')
          .set({ includeSubPages, searchIndexing, updatedAt: sql<Date>`now()` })
          .where('id', '=', existing.id)
          .execute();
      }
      return {
        shareId: existing.id,
        key: existing.key,
        url: shareUrl(publicBaseUrl, existing.key, page),
        pageId: page.id,
        title: page.title,
        includeSubPages,
        searchIndexing,
        created: false,
      };
    }
    // A key is unique per workspace; a collision (rare at 36^10 keys) draws another key.
    let created: Share | undefined;
    for (
      let attempt = 0;
      attempt < KEY_ATTEMPTS && created === undefined;
      attempt++
    ) {
      created = await trx
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
        .onConflict((conflict) =>
          conflict.columns(['key', 'workspaceId']).doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
    }
    if (created === undefined) {
      throw new ToolError(
        'internal',
        `could not draw an unused share key after ${KEY_ATTEMPTS} attempts; the page was not shared, try again`,
      );
    }
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
