import { docmostAttachmentCopies } from './bind-docmost-attachments';
import { agentProvenance, docmostCommentWrites } from './bind-docmost-comments';
import { docmostAccess } from './docmost-access';
import { auditRecorder, auditTitle } from './docmost-audit';
import type { DocmostServices, ServiceCaller } from './docmost-services';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostServiceInstances,
  DocmostUserShape,
} from './docmost-service-shapes';
import { requireProvenance } from './require-provenance';

/**
 * The package's ports bound to Docmost's own services, so that an agent's write is Docmost's
 * write by the same person: the same rows, the same websocket events, watchers,
 * notifications, page events (and the search and embedding jobs they queue), decided by
 * Docmost's own rules (who may see, edit and comment on a page, whether sharing is allowed),
 * and, with `auditService`, in Docmost's audit log as its routes would put it. Pass the instances
 * Docmost's modules provide (see README, "Mount it in Docmost"); the reference host passes its
 * Docmost-like services the same way.
 */
export function docmostServices<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
>(instances: DocmostServiceInstances<Page, User, Comment>): DocmostServices {
  requireProvenance(instances);
  const {
    pageService,
    pageRepo,
    userRepo,
    shareService,
    shareRepo,
    pageAccessService,
  } = instances;
  const audit = auditRecorder(instances.auditService);

  async function user(
    caller: Pick<ServiceCaller, 'userId' | 'workspaceId'>,
  ): Promise<User> {
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
    comments: docmostCommentWrites(instances, { user, page }, audit),
    pages: {
      async create(request) {
        const created = await pageService.create(
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
        await audit(request.caller, {
          event: 'page.created',
          resourceType: 'page',
          resourceId: created.id,
          spaceId: request.spaceId,
          changes: {
            after: {
              title: auditTitle(request.title),
              spaceId: request.spaceId,
            },
          },
        });
        return created;
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
          const result = await pageService.movePageToSpace(
            moved,
            request.spaceId,
            request.caller.userId,
            agentProvenance(request.caller),
          );
          const childPageIds = result?.childPageIds ?? [];
          await audit(request.caller, {
            event: 'page.moved_to_space',
            resourceType: 'page',
            resourceId: moved.id,
            spaceId: moved.spaceId,
            changes: {
              before: { spaceId: moved.spaceId },
              after: { spaceId: request.spaceId },
            },
            metadata: {
              title: auditTitle(moved.title),
              ...(childPageIds.length > 0 && { childPageIds }),
            },
          });
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
        const trashed = await page(request.pageId);
        await pageService.removePage(
          request.pageId,
          request.caller.userId,
          request.caller.workspaceId,
        );
        await audit(request.caller, {
          event: 'page.trashed',
          resourceType: 'page',
          resourceId: trashed.id,
          spaceId: trashed.spaceId,
          changes: {
            before: {
              pageId: trashed.id,
              slugId: trashed.slugId,
              title: auditTitle(trashed.title),
              spaceId: trashed.spaceId,
            },
          },
        });
      },
    },
    shares: {
      async create(request) {
        const shared = await page(request.pageId);
        const created = await shareService.createShare({
          authUserId: request.caller.userId,
          workspaceId: request.caller.workspaceId,
          page: shared,
          createShareDto: {
            pageId: request.pageId,
            includeSubPages: request.includeSubPages,
            searchIndexing: request.searchIndexing,
          },
        });
        await audit(request.caller, {
          event: 'share.created',
          resourceType: 'share',
          resourceId: created.id,
          spaceId: shared.spaceId,
          metadata: { pageId: shared.id, spaceId: shared.spaceId },
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
        const share = await shareRepo.findById(request.shareId);
        await shareRepo.deleteShare(request.shareId);
        if (share)
          await audit(request.caller, {
            event: 'share.deleted',
            resourceType: 'share',
            resourceId: share.id,
            spaceId: share.spaceId,
            changes: {
              before: { pageId: share.pageId, spaceId: share.spaceId },
            },
          });
      },
    },
    attachments: docmostAttachmentCopies(
      instances.attachmentRepo,
      instances.storageService,
    ),
    sharing: {
      isSharingAllowed: (workspaceId, spaceId) =>
        shareService.isSharingAllowed(workspaceId, spaceId),
    },
    // Who may see, edit and comment on a page: Docmost's PageAccessService decides.
    ...docmostAccess(pageAccessService, {
      user: (caller) => userRepo.findById(caller.userId, caller.workspaceId),
      page,
    }),
  };
}
