import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import { commentBodyText } from './comment-body';

export interface PersonView {
  readonly id: string;
  readonly name: string;
}

/** One comment as the model reads it. */
export interface CommentView {
  readonly id: string;
  readonly text: string;
  readonly author: PersonView | null;
  readonly createdAt: string;
  /** "user" for humans, "agent" for comments an AI agent wrote. */
  readonly createdSource: string;
}

/** A top-level comment with its anchor, state and replies. */
export interface ThreadView extends CommentView {
  readonly selection: string | null;
  /** The block holding the highlight now; null when the anchored text is gone or unknown. */
  readonly anchorBlockId: string | null;
  readonly resolved: boolean;
  readonly resolvedAt: string | null;
  readonly resolvedBy: PersonView | null;
  readonly replies: readonly CommentView[];
}

/** A comment row with its author and resolver names. */
export type CommentRow = Awaited<
  ReturnType<ReturnType<typeof selectCommentRows>['execute']>
>[number];

/** Comments joined with the names of their author and resolver; callers add the filters. */
export function selectCommentRows(db: Kysely<DB>) {
  return db
    .selectFrom('comments')
    .leftJoin('users as author', 'author.id', 'comments.creatorId')
    .leftJoin('users as resolver', 'resolver.id', 'comments.resolvedById')
    .select([
      'comments.id',
      'comments.content',
      'comments.selection',
      'comments.pageId',
      'comments.parentCommentId',
      'comments.creatorId',
      'comments.createdAt',
      'comments.createdSource',
      'comments.resolvedAt',
      'comments.resolvedById',
      'author.name as authorName',
      'author.email as authorEmail',
      'resolver.name as resolverName',
      'resolver.email as resolverEmail',
    ])
    .where('comments.deletedAt', 'is', null);
}

function person(
  id: string | null,
  name: string | null,
  email: string | null,
): PersonView | null {
  return id === null ? null : { id, name: name ?? email ?? 'unknown user' };
}

export function toCommentView(row: CommentRow): CommentView {
  return {
    id: row.id,
    text: commentBodyText(row.content),
    author: person(row.creatorId, row.authorName, row.authorEmail),
    createdAt: row.createdAt.toISOString(),
    createdSource: row.createdSource,
  };
}

export function toThreadView(
  row: CommentRow,
  replies: readonly CommentRow[],
  anchorBlockId: string | null,
): ThreadView {
  return {
    ...toCommentView(row),
    selection: row.selection,
    anchorBlockId,
    resolved: row.resolvedAt !== null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: person(row.resolvedById, row.resolverName, row.resolverEmail),
    replies: replies.map(toCommentView),
  };
}
