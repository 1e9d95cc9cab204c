import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import type { resolveCommentTool } from './comments.tools';
import { serviceCaller } from '../../docmost-services';
import { setCommentResolved, asDocument } from '../../document';
import { requireComment } from '../../page-store/require-comment';
import { mutatePage } from '../../page-store';
import { commentRefusal } from './comment-refusal';
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
 * Resolves or reopens a thread through the bound comment service: its row and its anchor
 * mark's `resolved` flag. The caller must be allowed to comment on the page (Docmost's rule).
 */
export async function resolveComment(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof resolveCommentTool>,
  context: ToolCallContext,
): Promise<ResolveCommentResult> {
  const { db, livePages, services } = dependencies;
  const { comment, page } = await requireComment(db, context, input.commentId, {
    livePages,
  });
  if (comment.parentCommentId !== null) {
    throw new ToolError(
      'invalid_input',
      `comment ${comment.id} is a reply; only threads are resolved: call resolveComment with the thread's id ${comment.parentCommentId}`,
      { threadId: comment.parentCommentId },
    );
  }
  const caller = await serviceCaller(db, context);
  if (!(await services.commentAccess.canComment(caller, page.id))) {
    throw commentRefusal(page, page.id, 'Nothing was changed.');
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
  // Whether the page holds the thread's highlight, as read: the service updates it if so.
  const anchored =
    setCommentResolved(asDocument(page.content), comment.id, input.resolved)
      .changed > 0;
  const { changed, markUpdated } = await services.comments.resolve({
    caller,
    commentId: comment.id,
    resolved: input.resolved,
  });
  if (!changed)
    return {
      ...base,
      changed: false,
      anchorUpdated: false,
      message: `thread ${comment.id} was already ${input.resolved ? 'resolved' : 'open'} (a concurrent call changed it first); nothing changed`,
    };
  const verb = input.resolved ? 'resolved' : 'reopened';
  const anchorUpdated =
    markUpdated ??
    // Left to the page's collaboration server, which changes the mark where the page has it.
    anchored;
  if (!anchorUpdated && markUpdated === false && anchored) {
    // Nothing touched the highlight (Docmost without collaboration events): the package sets
    // the flag itself, through the page writer, where the caller may edit the page.
    const updated = page.canEdit
      ? await setResolvedFlag(dependencies, context, {
          pageId: page.id,
          commentId: comment.id,
          resolved: input.resolved,
        })
      : false;
    return {
      ...base,
      changed: true,
      anchorUpdated: updated,
      message: updated
        ? `thread ${comment.id} ${verb}`
        : `thread ${comment.id} ${verb}; its highlight on the page still shows it ${input.resolved ? 'open' : 'resolved'}: the comment service does not update highlights here, and you may not edit the page`,
    };
  }
  return {
    ...base,
    changed: true,
    anchorUpdated,
    message: anchorUpdated
      ? `thread ${comment.id} ${verb}`
      : `thread ${comment.id} ${verb}; its anchor text is no longer on the page, so no highlight changed`,
  };
}

/** The thread's marks flagged `resolved` through the page writer; false when the page has none. */
async function setResolvedFlag(
  dependencies: ToolExecutorDependencies,
  context: ToolCallContext,
  thread: { pageId: string; commentId: string; resolved: boolean },
): Promise<boolean> {
  const { pageId, commentId, resolved } = thread;
  let changed = 0;
  await mutatePage(
    dependencies,
    { context, pageId, toolName: 'resolveComment' },
    (document) => {
      const marked = setCommentResolved(
        asDocument(document),
        commentId,
        resolved,
      );
      changed = marked.changed;
      return marked.doc;
    },
  );
  return changed > 0;
}
