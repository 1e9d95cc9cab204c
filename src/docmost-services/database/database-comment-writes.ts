// Docmost makes row ids time-ordered (UUID v7): comments the agent writes sort among its own.
import { v7 as uuidv7 } from 'uuid';
import { sql } from 'kysely';
import type { CommentWrites } from '../docmost-services';
import { requireComment } from '../../page-store/require-comment';
import { AGENT_SOURCE, writePage, type PageStore } from '../../page-store';
import { asDocument, setCommentResolved } from '../../document';

/**
 * Comment writes on Docmost's tables, without Docmost's services: the row only (no event to
 * open pages, no watcher, no notification). What a host that binds nothing gets.
 */
export function databaseCommentWrites(store: PageStore): CommentWrites {
  const { db } = store;
  return {
    async create(request) {
      const id = uuidv7();
      const page = await db
        .selectFrom('pages')
        .select(['spaceId', 'workspaceId'])
        .where('id', '=', request.pageId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('comments')
        .values({
          id,
          content: request.content,
          selection: request.selection,
          type: request.type,
          creatorId: request.caller.userId,
          pageId: request.pageId,
          parentCommentId: request.parentCommentId,
          spaceId: page.spaceId,
          workspaceId: page.workspaceId,
          ...(request.caller.actor === 'user'
            ? {}
            : {
                createdSource: AGENT_SOURCE,
                aiChatId: request.caller.aiChatId,
              }),
        })
        .execute();
      return { id };
    },

    // The row and its anchor mark's `resolved` flag change in one transaction, the page write
    // being a compare-and-set like every other; the comment row is locked, so two calls apply
    // one after the other.
    async resolve({ caller, commentId, resolved }) {
      return db.transaction().execute(async (trx) => {
        const { comment, page } = await requireComment(
          trx,
          caller.call,
          commentId,
          { lock: true, livePages: store.livePages },
        );
        if (resolved === (comment.resolvedAt !== null))
          return { changed: false };
        const marked = setCommentResolved(
          asDocument(page.content),
          commentId,
          resolved,
        );
        if (marked.changed > 0) {
          await writePage(
            { ...store, db: trx },
            {
              context: caller.call,
              page,
              change: { content: marked.doc },
              toolName: 'resolveComment',
            },
          );
        }
        await trx
          .updateTable('comments')
          .set({
            resolvedAt: resolved ? sql<Date>`now()` : null,
            resolvedById: resolved ? caller.userId : null,
            // Docmost's fork: the person resolved it, through their agent; reopening clears it.
            resolvedSource:
              resolved && caller.actor !== 'user' ? AGENT_SOURCE : null,
            updatedAt: sql<Date>`now()`,
          })
          .where('id', '=', commentId)
          .execute();
        return { changed: true, markUpdated: marked.changed > 0 };
      });
    },

    async remove({ commentId }) {
      await db.deleteFrom('comments').where('id', '=', commentId).execute();
    },
  };
}
