import type { DocmostBinding } from './docmost-binding';
import type { ShareWrites, SharingPolicy } from './docmost-services';

/** The shares port over Docmost's `ShareService` and `ShareRepo`. */
export function docmostShareWrites(binding: DocmostBinding): ShareWrites {
  return {
    async create(request) {
      const shared = await binding.page(request.pageId);
      const created = await binding.instances.shareService.createShare({
        authUserId: request.caller.userId,
        workspaceId: request.caller.workspaceId,
        page: shared,
        createShareDto: {
          pageId: request.pageId,
          includeSubPages: request.includeSubPages,
          searchIndexing: request.searchIndexing,
        },
      });
      await binding.audit(request.caller, {
        event: 'share.created',
        resourceType: 'share',
        resourceId: created.id,
        spaceId: shared.spaceId,
        metadata: { pageId: shared.id, spaceId: shared.spaceId },
      });
      return { id: created.id };
    },
    async update(request) {
      await binding.instances.shareService.updateShare(request.shareId, {
        shareId: request.shareId,
        includeSubPages: request.includeSubPages,
        searchIndexing: request.searchIndexing,
      });
    },
    async remove(request) {
      const share = await binding.instances.shareRepo.findById(request.shareId);
      await binding.instances.shareRepo.deleteShare(request.shareId);
      if (share)
        await binding.audit(request.caller, {
          event: 'share.deleted',
          resourceType: 'share',
          resourceId: share.id,
          spaceId: share.spaceId,
          changes: {
            before: { pageId: share.pageId, spaceId: share.spaceId },
          },
        });
    },
  };
}

/** Whether sharing is allowed in a space, as Docmost's `ShareService` decides. */
export function docmostSharingPolicy(binding: DocmostBinding): SharingPolicy {
  return {
    isSharingAllowed: (workspaceId, spaceId) =>
      binding.instances.shareService.isSharingAllowed(workspaceId, spaceId),
  };
}
