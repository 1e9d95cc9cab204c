import { Logger } from '@nestjs/common';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type {
  DB,
  DocmostProvenance,
  DocmostServices,
  YjsSelection,
} from '../../src';
import type { DocmostEffects } from './docmost-effects';
import { addPageWatcher } from './page-watchers';
import type { HostComment, HostPage, HostUser } from './host-repos';
import { hostCaller } from './host-caller';

/** A Yjs id, and a relative position as Docmost's `yjsSelectionSchema` takes them. */
const YJS_ID = z.object({
  client: z.number().int().nonnegative(),
  clock: z.number().int().nonnegative(),
});
const YJS_POSITION = z.object({
  type: YJS_ID,
  tname: z.string().nullable(),
  item: YJS_ID.nullable(),
  assoc: z.number().int(),
});
const YJS_SELECTION = z.object({ anchor: YJS_POSITION, head: YJS_POSITION });

/**
 * The users a comment body mentions, each once (Docmost's `extractUserMentionIdsFromJson`):
 * `mention` nodes with `entityType: 'user'`, anywhere in the document.
 */
function userMentionIds(node: unknown, found: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return found;
  const { type, attrs, content } = node as {
    type?: unknown;
    attrs?: { entityType?: unknown; entityId?: unknown };
    content?: unknown;
  };
  if (
    type === 'mention' &&
    attrs?.entityType === 'user' &&
    typeof attrs.entityId === 'string' &&
    !found.includes(attrs.entityId)
  )
    found.push(attrs.entityId);
  if (Array.isArray(content))
    for (const child of content) userMentionIds(child, found);
  return found;
}

/** What Docmost's `setCommentMark` collaboration event carries. */
export interface CommentMarkRequest {
  readonly yjsSelection: YjsSelection;
  readonly commentId: string;
  readonly resolved: boolean;
  readonly user: { readonly id: string };
  readonly workspaceId: string;
}

/** Where a new thread's mark is set: the collaboration server (Docmost's `setCommentMark` event). */
export interface CommentMarks {
  setCommentMark(pageId: string, payload: CommentMarkRequest): Promise<void>;
}

/**
 * The reference host's `CommentService`, with Docmost's method shapes: the row (through the
 * package's database binding, which also keeps a thread's anchor mark in step on resolve, as
 * Docmost's collaboration event does), then what Docmost's service does besides: the page's room
 * is told, the commenter watches the page, the watchers and the thread are notified.
 */
export class HostCommentService {
  private readonly logger = new Logger(HostCommentService.name);

  constructor(
    private readonly db: Kysely<DB>,
    private readonly effects: DocmostEffects,
    private readonly database: () => DocmostServices,
    /** Null: Docmost with `COLLAB_DISABLE_REDIS=true`, whose collaboration events do nothing. */
    private readonly marks: CommentMarks | null,
  ) {}

  async create(
    opts: { page: HostPage; workspaceId: string; user: HostUser },
    createCommentDto: {
      pageId: string;
      content: string;
      selection?: string;
      type?: string;
      parentCommentId?: string;
      yjsSelection?: { anchor: unknown; head: unknown };
    },
    provenance?: DocmostProvenance,
  ): Promise<{ id: string }> {
    const { page, workspaceId, user } = opts;
    const { id } = await this.database().comments.create({
      caller: hostCaller(user, workspaceId, provenance),
      pageId: page.id,
      content: JSON.parse(createCommentDto.content),
      selection: createCommentDto.selection?.substring(0, 250) ?? null,
      type: createCommentDto.type === 'inline' ? 'inline' : 'page',
      parentCommentId: createCommentDto.parentCommentId ?? null,
    });
    const yjsSelection =
      createCommentDto.yjsSelection === undefined
        ? undefined
        : YJS_SELECTION.safeParse(createCommentDto.yjsSelection);
    if (yjsSelection && !yjsSelection.success)
      this.logger.warn(
        `comment ${id}: invalid yjsSelection, saved without its highlight`,
      );
    if (yjsSelection?.success && this.marks) {
      // As Docmost: the mark is set on the page's document by the collaboration server, for
      // whoever may comment; a mark that cannot be set leaves the comment without a highlight.
      try {
        await this.marks.setCommentMark(page.id, {
          yjsSelection: yjsSelection.data,
          commentId: id,
          resolved: false,
          user,
          workspaceId,
        });
      } catch (error) {
        this.logger.warn(
          `comment ${id} saved without its highlight: ${(error as Error).message}`,
        );
      }
    }
    await addPageWatcher(this.db, this.effects, {
      userId: user.id,
      pageId: page.id,
      spaceId: page.spaceId,
      workspaceId,
    });
    const isReply = createCommentDto.parentCommentId !== undefined;
    // As Docmost's `queueCommentNotification`: the people the body mentions, but the author.
    const mentionedUserIds = userMentionIds(
      JSON.parse(createCommentDto.content),
    ).filter((mentioned) => mentioned !== user.id);
    this.effects.record({
      kind: 'queue',
      name: 'COMMENT_NOTIFICATION',
      pageId: page.id,
      spaceId: page.spaceId,
      userId: user.id,
      subjectId: id,
      details: {
        notifyWatchers: !isReply,
        parentCommentId: createCommentDto.parentCommentId ?? null,
        mentionedUserIds: mentionedUserIds.join(','),
      },
    });
    this.effects.record({
      kind: 'ws',
      name: 'commentCreated',
      pageId: page.id,
      spaceId: page.spaceId,
      userId: user.id,
      subjectId: id,
    });
    return { id };
  }

  async resolveComment(
    comment: HostComment,
    resolved: boolean,
    authUser: HostUser,
    provenance?: DocmostProvenance,
  ): Promise<void> {
    if (this.marks)
      await this.database().comments.resolve({
        caller: hostCaller(authUser, comment.workspaceId, provenance),
        commentId: comment.id,
        resolved,
      });
    // Docmost's `resolveCommentMark` event does nothing without collaboration Redis: the row only.
    else
      await this.db
        .updateTable('comments')
        .set({
          resolvedAt: resolved ? new Date() : null,
          resolvedById: resolved ? authUser.id : null,
          resolvedSource:
            resolved && provenance?.actor === 'agent' ? 'agent' : null,
        })
        .where('id', '=', comment.id)
        .execute();
    if (resolved && comment.creatorId !== authUser.id)
      this.effects.record({
        kind: 'queue',
        name: 'COMMENT_RESOLVED_NOTIFICATION',
        pageId: comment.pageId,
        spaceId: comment.spaceId,
        userId: authUser.id,
        subjectId: comment.id,
      });
    this.effects.record({
      kind: 'ws',
      name: 'commentResolved',
      pageId: comment.pageId,
      spaceId: comment.spaceId,
      userId: authUser.id,
      subjectId: comment.id,
      details: { resolved },
    });
  }
}
