import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import type { listCommentsTool } from './comments.tools';
import { findCommentAnchors, asDocument } from '../../document';
import {
  selectCommentRows,
  toThreadView,
  type CommentRow,
  type ThreadView,
} from './comment-view';
import { fitThreads } from './fit-comments';
import { decodeKeysetCursor, keysetBatch } from '../paging';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface ListCommentsResult {
  readonly pageId: string;
  readonly title: string;
  readonly threads: readonly ThreadView[];
  /** Resolved threads left out because includeResolved was false. */
  readonly resolvedThreadsHidden: number;
  /** Present when threads were left out to keep the result within the output limit. */
  readonly truncated?: string;
  readonly omittedThreadIds?: readonly string[];
  /** Pass back as `cursor` for the next (newer) threads; null after the last one. */
  readonly nextCursor: string | null;
}

/**
 * A page's threads, oldest first, `limit` at a time (keyset-paginated on created_at, id), each
 * with its replies nested; resolved ones only on request. A page with thousands of comments is
 * read one batch per call, never whole.
 */
export async function listComments(
  { db, livePages }: ToolExecutorDependencies,
  input: ToolInput<typeof listCommentsTool>,
  context: ToolCallContext,
): Promise<ListCommentsResult> {
  const after = decodeKeysetCursor(
    input.cursor,
    'listComments',
    "the page's oldest thread",
  );
  const page = await readPage({ db, livePages }, context, input.pageId);
  const rows = await selectCommentRows(db)
    .select(sql<string>`comments.created_at::text`.as('position'))
    .where('comments.pageId', '=', page.id)
    .where('comments.parentCommentId', 'is', null)
    .$if(!input.includeResolved, (query) =>
      query.where('comments.resolvedAt', 'is', null),
    )
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(comments.created_at, comments.id) > (${after!.at}::text::timestamptz, ${after!.id}::uuid)`,
      ),
    )
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .limit(input.limit + 1)
    .execute();
  const { rows: threads, nextCursor } = keysetBatch(
    'listComments',
    rows,
    input.limit,
  );
  const replies =
    threads.length === 0
      ? []
      : await selectCommentRows(db)
          .where(
            'comments.parentCommentId',
            'in',
            threads.map((thread) => thread.id),
          )
          .orderBy('comments.createdAt')
          .orderBy('comments.id')
          .execute();
  const repliesByThread = new Map<string, CommentRow[]>();
  for (const reply of replies)
    repliesByThread.set(reply.parentCommentId!, [
      ...(repliesByThread.get(reply.parentCommentId!) ?? []),
      reply,
    ]);
  const anchors = findCommentAnchors(asDocument(page.content));
  return {
    pageId: page.id,
    title: page.title ?? '',
    ...fitThreads(
      threads.map((row) =>
        toThreadView(
          row,
          repliesByThread.get(row.id) ?? [],
          anchors.get(row.id)?.blockId ?? null,
        ),
      ),
    ),
    resolvedThreadsHidden: input.includeResolved
      ? 0
      : await countResolvedThreads(db, page.id),
    nextCursor,
  };
}

/** Resolved threads of the whole page (not just this batch): what includeResolved would add. */
async function countResolvedThreads(
  db: Kysely<DB>,
  pageId: string,
): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('comments.pageId', '=', pageId)
    .where('comments.parentCommentId', 'is', null)
    .where('comments.deletedAt', 'is', null)
    .where('comments.resolvedAt', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
