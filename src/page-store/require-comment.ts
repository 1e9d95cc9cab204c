import type { Kysely } from 'kysely';
import type { Comment, DB } from '../database';
import type { ToolCallContext } from '../registry';
import { abbreviate, ToolError } from '../ground';
import { type AccessiblePage, type FindPageOptions } from '../access';
import { isUuid } from '../ground';
import type { LivePageReader } from './live-page-reader';
import { readPageOfRow } from './write-page';

export interface RequireCommentOptions extends Pick<FindPageOptions, 'write'> {
  /**
   * Lock the comment row until the surrounding transaction ends (`for update`), so concurrent
   * state changes apply one after the other and the second sees the first. Default false.
   */
  readonly lock?: boolean;
  /** Read the page's document as its open editors have it (a tool that changes its marks). */
  readonly livePages?: LivePageReader;
}

export interface AccessibleComment {
  readonly comment: Comment;
  readonly page: AccessiblePage;
}

function commentNotFound(commentId: string): ToolError {
  return new ToolError(
    'not_found',
    `comment ${abbreviate(commentId)} not found or no access; listComments shows a page's comments`,
  );
}

/**
 * Loads a comment whose page the caller may see. A missing comment, a deleted one and one on
 * a page the caller cannot read get the same answer, so comment ids cannot be probed.
 */
export async function requireComment(
  db: Kysely<DB>,
  context: ToolCallContext,
  commentId: string,
  options: RequireCommentOptions = {},
): Promise<AccessibleComment> {
  if (!isUuid(commentId)) throw commentNotFound(commentId);
  const select = db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('workspaceId', '=', context.workspaceId)
    .where('deletedAt', 'is', null);
  const comment = await (
    options.lock ? select.forUpdate() : select
  ).executeTakeFirst();
  if (!comment) throw commentNotFound(commentId);
  return {
    comment,
    page: await readPageOfRow(
      { db, livePages: options.livePages },
      context,
      comment.pageId,
      { write: options.write },
      () => commentNotFound(commentId),
    ),
  };
}
