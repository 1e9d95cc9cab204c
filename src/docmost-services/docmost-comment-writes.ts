import type { DocmostBinding } from './docmost-binding';
import type { CommentWrites } from './docmost-services';

/**
 * The comments port over Docmost's `CommentService` (its events, watchers and notifications),
 * `CommentRepo` and `WsService`. Docmost sets and updates a thread's comment mark through its
 * collaboration events, which run only with collaboration Redis: with
 * `COLLAB_DISABLE_REDIS=true` they do nothing, so the port says it sets no mark (the package
 * then sets it through its own collaboration connection).
 */
export function docmostCommentWrites(binding: DocmostBinding): CommentWrites {
  const { commentService, commentRepo, wsService, environmentService } =
    binding.instances;
  const collaborationEvents = !environmentService.isCollabDisableRedis();
  return {
    // Docmost's CommentService.create sets the mark from `yjsSelection` on the page's owner
    // (its `setCommentMark` collaboration event), for a viewer allowed to comment too.
    setsAnchorMark: collaborationEvents,
    async create(request) {
      const commented = await binding.page(request.pageId);
      const created = await commentService.create(
        {
          page: commented,
          workspaceId: request.caller.workspaceId,
          user: await binding.user(request.caller),
        },
        {
          pageId: request.pageId,
          content: JSON.stringify(request.content),
          ...(request.selection === null
            ? {}
            : { selection: request.selection }),
          type: request.type,
          ...(request.parentCommentId === null
            ? {}
            : { parentCommentId: request.parentCommentId }),
          ...(request.yjsSelection === undefined || !collaborationEvents
            ? {}
            : { yjsSelection: request.yjsSelection }),
        },
        binding.provenance(request.caller),
      );
      await binding.audit(request.caller, {
        event: 'comment.created',
        resourceType: 'comment',
        resourceId: created.id,
        spaceId: commented.spaceId,
        metadata: { pageId: commented.id },
      });
      return { id: created.id };
    },
    async resolve(request) {
      const comment = await commentRepo.findById(request.commentId);
      if (!comment) throw new Error(`comment ${request.commentId} not found`);
      await commentService.resolveComment(
        comment,
        request.resolved,
        await binding.user(request.caller),
        binding.provenance(request.caller),
      );
      await binding.audit(request.caller, {
        event: request.resolved ? 'comment.resolved' : 'comment.reopened',
        resourceType: 'comment',
        resourceId: comment.id,
        spaceId: comment.spaceId,
        metadata: { pageId: comment.pageId },
      });
      // With collaboration events, Docmost's `resolveCommentMark` updated the highlight on the
      // page's owner wherever the page has it; without them, nothing touched it.
      return collaborationEvents
        ? { changed: true }
        : { changed: true, markUpdated: false };
    },
    // Every effect of Docmost's delete route (`comments/delete`): the row, `commentDeleted` to
    // the page's room (open pages drop the thread), the audit event.
    async remove(request) {
      const comment = await commentRepo.findById(request.commentId);
      await commentRepo.deleteComment(request.commentId);
      if (!comment) return;
      await wsService.emitCommentEvent(comment.spaceId, comment.pageId, {
        operation: 'commentDeleted',
        pageId: comment.pageId,
        commentId: comment.id,
      });
      await binding.audit(request.caller, {
        event: 'comment.deleted',
        resourceType: 'comment',
        resourceId: comment.id,
        spaceId: comment.spaceId,
        changes: {
          before: { pageId: comment.pageId, creatorId: comment.creatorId },
        },
      });
    },
  };
}
