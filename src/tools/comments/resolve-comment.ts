import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import type { resolveCommentTool } from './comments.tools';
import { AGENT_SOURCE, writePage } from '../page-store';
import { setCommentResolved, asDocument } from '../../document';
import { requireComment } from './require-comment';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface ResolveCommentResult {
  readonly commentId: string;
  readonly pageId: string;
  readonly resolved: boolean;
  /** False when the thread was already in the requested state: nothing was written. */
  readonly changed: boolean;
  /** Whether the anchor's highlight in the page was updated (false when its text is gone). */
  readonly anchorUpdated: boolean;
  readonly message: string;
}

/**
 * Resolves or reopens a thread: the comment row and its anchor mark's `resolved` flag change in
 * one transaction, the page write being a compare-and-set like every other.
 */
export async function resolveComment(
  { db, pageWriter, livePages, heavyWork }: ToolExecutorDependencies,
  input: ToolInput<typeof resolveCommentTool>,
  context: ToolCallContext,
): Promise<ResolveCommentResult> {
  return db.transaction().execute(async (trx) => {
    const { comment, page } = await requireComment(
      trx,
      context,
      input.commentId,
      { write: true, lock: true, livePages },
    );
    if (comment.parentCommentId !== null) {
      throw new ToolError(
        'invalid_input',
        `comment ${comment.id} is a reply; only threads are resolved: call resolveComment with the thread's id ${comment.parentCommentId}`,
        { threadId: comment.parentCommentId },
      );
    }
    const base = {
      commentId: comment.id,
      pageId: page.id,
      resolved: input.resolved,
    };
    const alreadyInState = input.resolved === (comment.resolvedAt !== null);
    if (alreadyInState) {
      const state = input.resolved
        ? `already resolved (since ${comment.resolvedAt!.toISOString()})`
        : 'already open';
      return {
        ...base,
        changed: false,
        anchorUpdated: false,
        message: `thread ${comment.id} was ${state}; nothing changed`,
      };
    }
    const marked = setCommentResolved(
      asDocument(page.content),
      comment.id,
      input.resolved,
    );
    if (marked.changed > 0) {
      await writePage(
        { db: trx, pageWriter, livePages, heavyWork },
        {
          context,
          page,
          change: { content: marked.doc },
          toolName: 'resolveComment',
        },
      );
    }
    await trx
      .updateTable('comments')
      .set({
        resolvedAt: input.resolved ? sql<Date>`now()` : null,
        resolvedById: input.resolved ? context.userId : null,
        // Docmost's fork: the person resolved it, through their agent; reopening clears it.
        resolvedSource: input.resolved ? AGENT_SOURCE : null,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', comment.id)
      .execute();
    const verb = input.resolved ? 'resolved' : 'reopened';
    return {
      ...base,
      changed: true,
      anchorUpdated: marked.changed > 0,
      message:
        marked.changed > 0
          ? `thread ${comment.id} ${verb}`
          : `thread ${comment.id} ${verb}; its anchor text is no longer on the page, so no highlight changed`,
    };
  });
}
