import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { CommentAccess } from '../docmost-services';
import { ToolError } from '../../registry/tool-error';
import { requirePage } from '../../access';

/** `spaces.settings.comments.allowViewerComments`, Docmost's "viewers may comment" switch. */
export async function allowsViewerComments(
  db: Kysely<DB>,
  spaceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('spaces')
    .select('settings')
    .where('id', '=', spaceId)
    .executeTakeFirst();
  const comments = (row?.settings as { comments?: unknown } | null | undefined)
    ?.comments;
  return (
    typeof comments === 'object' &&
    comments !== null &&
    (comments as { allowViewerComments?: unknown }).allowViewerComments === true
  );
}

/**
 * Docmost's comment rule (`PageAccessService.validateCanComment`) in SQL: whoever may edit the
 * page (space role writer or admin, or writer on its nearest restriction), and whoever may see
 * it where the space's `settings.comments.allowViewerComments` is true.
 */
export function databaseCommentAccess(db: Kysely<DB>): CommentAccess {
  return {
    async canComment(caller, pageId) {
      try {
        const page = await requirePage(db, caller.call, pageId, {
          content: false,
        });
        return page.canEdit || (await allowsViewerComments(db, page.spaceId));
      } catch (error) {
        if (ToolError.isToolError(error) && error.code === 'not_found')
          return false;
        throw error;
      }
    },
  };
}
