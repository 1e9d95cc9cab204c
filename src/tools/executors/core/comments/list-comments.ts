import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import type { ToolInput } from '../../../../registry/tool-spec';
import { requirePage } from '../../../access';
import type { listCommentsTool } from '../../../definitions/comments.tools';
import { findCommentAnchors } from '../../../prosemirror/comment-mark';
import { asDocument } from '../../../prosemirror/prosemirror-node';
import { selectCommentRows, toThreadView, type CommentRow, type ThreadView } from './comment-view';
import { fitThreads } from './fit-comments';

export interface ListCommentsResult {
  readonly pageId: string;
  readonly title: string;
  readonly threads: readonly ThreadView[];
  /** Resolved threads left out because includeResolved was false. */
  readonly resolvedThreadsHidden: number;
  /** Present when threads were left out to keep the result within the output limit. */
  readonly truncated?: string;
  readonly omittedThreadIds?: readonly string[];
}

/** A page's threads, oldest first, replies nested; resolved ones only on request. */
export async function listComments(db: Kysely<DB>, input: ToolInput<typeof listCommentsTool>, context: ToolCallContext): Promise<ListCommentsResult> {
  const page = await requirePage(db, context, input.pageId);
  const rows = await selectCommentRows(db)
    .where('comments.pageId', '=', page.id)
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .execute();
  const repliesByThread = new Map<string, CommentRow[]>();
  for (const row of rows) {
    if (row.parentCommentId === null) continue;
    repliesByThread.set(row.parentCommentId, [...(repliesByThread.get(row.parentCommentId) ?? []), row]);
  }
  const anchors = findCommentAnchors(asDocument(page.content));
  const threads = rows.filter((row) => row.parentCommentId === null);
  const shown = threads.filter((row) => input.includeResolved || row.resolvedAt === null);
  return {
    pageId: page.id,
    title: page.title ?? '',
    ...fitThreads(shown.map((row) => toThreadView(row, repliesByThread.get(row.id) ?? [], anchors.get(row.id)?.blockId ?? null))),
    resolvedThreadsHidden: threads.length - shown.length,
  };
}
