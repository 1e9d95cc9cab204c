import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { getCommentTool } from './comments.tools';
import { findCommentAnchors, asDocument } from '../../document';
import {
  selectCommentRows,
  toCommentView,
  toThreadView,
  type CommentView,
} from './comment-view';
import { fitThread, type FittedThread } from './fit-comments';
import { requireComment } from '../../page-store/require-comment';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export type GetCommentResult =
  | (FittedThread & { readonly pageId: string; readonly kind: 'thread' })
  | (CommentView & {
      readonly pageId: string;
      readonly kind: 'reply';
      readonly parentCommentId: string;
    });

/** One comment: a thread with its replies, or a reply with its thread's id. */
export async function getComment(
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof getCommentTool>,
  context: ToolCallContext,
): Promise<GetCommentResult> {
  const { comment, page } = await requireComment(db, context, input.commentId);
  const threadId = comment.parentCommentId ?? comment.id;
  const rows = await selectCommentRows(db)
    .where((eb) =>
      eb.or([
        eb('comments.id', '=', threadId),
        eb('comments.parentCommentId', '=', threadId),
      ]),
    )
    .where('comments.pageId', '=', page.id)
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .execute();
  if (comment.parentCommentId !== null) {
    const reply = rows.find((row) => row.id === comment.id)!;
    return {
      ...toCommentView(reply),
      pageId: page.id,
      kind: 'reply',
      parentCommentId: comment.parentCommentId,
    };
  }
  const thread = rows.find((row) => row.id === comment.id)!;
  const anchor = findCommentAnchors(asDocument(page.content)).get(comment.id);
  const replies = rows.filter((row) => row.parentCommentId === comment.id);
  return {
    ...fitThread(toThreadView(thread, replies, anchor?.blockId ?? null)),
    pageId: page.id,
    kind: 'thread',
  };
}
