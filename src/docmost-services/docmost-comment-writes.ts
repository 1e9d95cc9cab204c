import type { DocmostBinding } from './docmost-binding';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostUserShape,
} from './docmost-service-shapes';
import type { CommentWrites } from './docmost-services';

/** The comments port over Docmost's `CommentService` (its events, watchers and notifications) and `CommentRepo`. */
export function docmostCommentWrites<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
>(binding: DocmostBinding<Page, User, Comment>): CommentWrites {
  return {
    // Docmost's CommentService.create sets the mark from `yjsSelection` on the page's owner
    // (its `setCommentMark` collaboration event), for a viewer allowed to comment too.
    setsAnchorMark: true,
    async create(request) {
      const commented = await binding.page(request.pageId);
      const created = await binding.instances.commentService.create(
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
          ...(request.yjsSelection === undefined
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
      const comment = await binding.instances.commentRepo.findById(
        request.commentId,
      );
      if (!comment) throw new Error(`comment ${request.commentId} not found`);
      await binding.instances.commentService.resolveComment(
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
      return { changed: true };
    },
    async remove(request) {
      const comment = await binding.instances.commentRepo.findById(
        request.commentId,
      );
      await binding.instances.commentRepo.deleteComment(request.commentId);
      // Its creation is in the audit log: so is its removal, as Docmost's delete route logs it.
      if (comment)
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
