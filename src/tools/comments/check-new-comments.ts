import { sql } from 'kysely';
import { z } from 'zod';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { abbreviate } from '../../ground';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage, requireSpace, visiblePages } from '../../access';
import type { checkNewCommentsTool } from './comments.tools';
import { extractText } from '../../document';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface NewComment {
  readonly commentId: string;
  readonly pageId: string;
  readonly pageTitle: string | null;
  /** Null for a new thread; the thread's first comment for a reply. */
  readonly parentCommentId: string | null;
  readonly author: { readonly id: string; readonly name: string | null } | null;
  /** ISO 8601 with microseconds, as stored. */
  readonly createdAt: string;
  /** 'user' for people, 'agent' for comments written by an AI agent. */
  readonly createdSource: string;
  readonly selection: string | null;
  readonly text: string;
  readonly resolved: boolean;
}

export interface NewComments {
  readonly spaceId: string;
  readonly since: string;
  readonly count: number;
  readonly comments: readonly NewComment[];
  /** Pass as `since` next time: the newest createdAt returned, or `since` when none. */
  readonly latest: string;
  readonly truncated: boolean;
}

const TIMESTAMP = z.iso.datetime({ offset: true });
/** A comment body is a short note; a runaway one is cut rather than flooding the context. */
const MAX_COMMENT_CHARS = 2000;

/**
 * Comments created in a space after `since`. Visibility follows the comment's PAGE: its space
 * must be the requested one, which the caller belongs to, the page must not be in the trash, and
 * its page-level permissions must let the caller see it.
 */
export async function checkNewComments(
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof checkNewCommentsTool>,
  context: ToolCallContext,
): Promise<NewComments> {
  const space = await requireSpace(db, context, input.spaceId);
  // PostgreSQL's calendar has no year 0 (1 BC is followed by AD 1), so its cast would fail.
  if (
    !TIMESTAMP.safeParse(input.since).success ||
    input.since.startsWith('0000-')
  ) {
    throw new ToolError(
      'invalid_input',
      `since "${abbreviate(input.since)}" is not an ISO 8601 timestamp with a timezone; give one like "2025-03-01T09:30:00Z" or "2025-03-01T12:30:00+03:00" (the "latest" of a previous call works)`,
    );
  }
  let pageId: string | undefined;
  if (input.pageId !== undefined) {
    const page = await requirePage(db, context, input.pageId);
    if (page.spaceId !== space.id) {
      throw new ToolError(
        'invalid_input',
        `page ${abbreviate(input.pageId)} is in another space (${page.spaceId}), not in space ${space.id}`,
      );
    }
    pageId = page.id;
  }
  const rows = await db
    .selectFrom('comments')
    .innerJoin('pages', 'pages.id', 'comments.pageId')
    .leftJoin('users', 'users.id', 'comments.creatorId')
    .select([
      'comments.id',
      'comments.pageId',
      'pages.title as pageTitle',
      'comments.parentCommentId',
      'comments.creatorId',
      'users.name as creatorName',
      'comments.createdSource',
      'comments.selection',
      'comments.content',
      'comments.resolvedAt',
    ])
    .select(
      sql<string>`to_char(comments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'createdAtIso',
      ),
    )
    .where('pages.spaceId', '=', space.id)
    .where('pages.workspaceId', '=', context.workspaceId)
    .where('pages.deletedAt', 'is', null)
    .where(visiblePages(context))
    .where('comments.deletedAt', 'is', null)
    .where(
      sql<boolean>`comments.created_at > ${input.since}::text::timestamptz`,
    )
    .$if(pageId !== undefined, (query) =>
      query.where('comments.pageId', '=', pageId!),
    )
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .limit(input.limit + 1)
    .execute();
  const comments = rows.slice(0, input.limit).map((row) => {
    const text = extractText(row.content);
    return {
      commentId: row.id,
      pageId: row.pageId,
      pageTitle: row.pageTitle,
      parentCommentId: row.parentCommentId,
      author:
        row.creatorId === null
          ? null
          : { id: row.creatorId, name: row.creatorName },
      createdAt: row.createdAtIso,
      createdSource: row.createdSource,
      selection: row.selection,
      text:
        text.length > MAX_COMMENT_CHARS
          ? `${text.slice(0, MAX_COMMENT_CHARS - 1)}…`
          : text,
      resolved: row.resolvedAt !== null,
    };
  });
  return {
    spaceId: space.id,
    since: input.since,
    count: comments.length,
    comments,
    latest: comments[comments.length - 1]?.createdAt ?? input.since,
    truncated: rows.length > input.limit,
  };
}
