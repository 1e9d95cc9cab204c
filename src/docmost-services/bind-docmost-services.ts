import type { DocmostServices, ServiceCaller } from './docmost-services';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostProvenance,
  DocmostServiceInstances,
  DocmostUserShape,
} from './docmost-service-shapes';

/** The provenance Docmost reads: the person's write, made by their agent in that chat. */
function agentProvenance(caller: ServiceCaller): DocmostProvenance {
  return { actor: 'agent', aiChatId: caller.aiChatId };
}

/** An HTTP 403 of Nest (`ForbiddenException`) or anything carrying that status. */
function isForbidden(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { getStatus?: () => number; status?: number };
  const status =
    typeof candidate.getStatus === 'function'
      ? candidate.getStatus()
      : candidate.status;
  return status === 403;
}

/**
 * The package's ports bound to Docmost's own services, so that an agent's write is Docmost's
 * write by the same person: the same rows, the same websocket events, watchers,
 * notifications, page events (and the search and embedding jobs they queue), decided by
 * Docmost's own rules. Pass the instances Docmost's modules provide (see README, "Mount it in
 * Docmost"); the reference host passes its Docmost-like services the same way.
 */
export function docmostServices<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
>(instances: DocmostServiceInstances<Page, User, Comment>): DocmostServices {
  const {
    commentService,
    commentRepo,
    pageService,
    pageRepo,
    userRepo,
    shareService,
    shareRepo,
    pageAccessService,
  } = instances;

  async function user(caller: ServiceCaller): Promise<User> {
    const found = await userRepo.findById(caller.userId, caller.workspaceId);
    if (!found)
      throw new Error(
        `user ${caller.userId} is not a user of workspace ${caller.workspaceId}`,
      );
    return found;
  }

  async function page(pageId: string): Promise<Page> {
    const found = await pageRepo.findById(pageId, { includeHasChildren: true });
    if (!found) throw new Error(`page ${pageId} not found`);
    return found;
  }

  return {
    comments: {
      // Docmost's CommentService.create sets the mark from `yjsSelection` on the page's owner
      // (its `setCommentMark` collaboration event), for a viewer allowed to comment too.
      setsAnchorMark: true,
      async create(request) {
        const created = await commentService.create(
          {
            page: await page(request.pageId),
            workspaceId: request.caller.workspaceId,
            user: await user(request.caller),
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
          agentProvenance(request.caller),
        );
        return { id: created.id };
      },
      async resolve(request) {
        const comment = await commentRepo.findById(request.commentId);
        if (!comment) throw new Error(`comment ${request.commentId} not found`);
        await commentService.resolveComment(
          comment,
          request.resolved,
          await user(request.caller),
          agentProvenance(request.caller),
        );
        return { changed: true };
      },
      async remove(request) {
        await commentRepo.deleteComment(request.commentId);
      },
    },
    pages: {
      async create(request) {
        return pageService.create(
          request.caller.userId,
          request.caller.workspaceId,
          {
            title: request.title,
            spaceId: request.spaceId,
            ...(request.parentPageId === null
              ? {}
              : { parentPageId: request.parentPageId }),
            content: request.content as object,
            format: 'json',
          },
          agentProvenance(request.caller),
        );
      },
      async rename(request) {
        await pageService.update(
          await page(request.pageId),
          { pageId: request.pageId, title: request.title },
          await user(request.caller),
          agentProvenance(request.caller),
        );
        // Docmost's rename adds no history version.
        return { historyId: null };
      },
      async move(request) {
        let moved = await page(request.pageId);
        if (moved.spaceId !== request.spaceId) {
          // Docmost moves a subtree to another space's root, then it is placed like any move.
          await pageService.movePageToSpace(
            moved,
            request.spaceId,
            request.caller.userId,
            agentProvenance(request.caller),
          );
          moved = await page(request.pageId);
        }
        await pageService.movePage(
          {
            pageId: request.pageId,
            position: request.position,
            parentPageId: request.parentPageId,
          },
          moved,
          agentProvenance(request.caller),
        );
      },
      async trash(request) {
        await pageService.removePage(
          request.pageId,
          request.caller.userId,
          request.caller.workspaceId,
        );
      },
    },
    shares: {
      async create(request) {
        const created = await shareService.createShare({
          authUserId: request.caller.userId,
          workspaceId: request.caller.workspaceId,
          page: await page(request.pageId),
          createShareDto: {
            pageId: request.pageId,
            includeSubPages: request.includeSubPages,
            searchIndexing: request.searchIndexing,
          },
        });
        return { id: created.id };
      },
      async update(request) {
        await shareService.updateShare(request.shareId, {
          shareId: request.shareId,
          includeSubPages: request.includeSubPages,
          searchIndexing: request.searchIndexing,
        });
      },
      async remove(request) {
        await shareRepo.deleteShare(request.shareId);
      },
    },
    sharing: {
      isSharingAllowed: (workspaceId, spaceId) =>
        shareService.isSharingAllowed(workspaceId, spaceId),
    },
    commentAccess: {
      async canComment(caller, pageId) {
        try {
          await pageAccessService.validateCanComment(
            await page(pageId),
            await user(caller),
            caller.workspaceId,
          );
          return true;
        } catch (error) {
          if (isForbidden(error)) return false;
          throw error;
        }
      },
    },
  };
}
