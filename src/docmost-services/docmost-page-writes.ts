import { auditTitle } from './docmost-audit';
import type { DocmostBinding } from './docmost-binding';
import type { PageWrites } from './docmost-services';

/** The pages port over Docmost's `PageService` (its page events and the jobs they queue). */
export function docmostPageWrites(binding: DocmostBinding): PageWrites {
  return {
    async create(request) {
      const created = await binding.instances.pageService.create(
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
        binding.provenance(request.caller),
      );
      await binding.audit(request.caller, {
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
      await binding.instances.pageService.update(
        await binding.page(request.pageId),
        { pageId: request.pageId, title: request.title },
        await binding.user(request.caller),
        binding.provenance(request.caller),
      );
      // Docmost's rename adds no history version.
      return { historyId: null };
    },
    async move(request) {
      let moved = await binding.page(request.pageId);
      if (moved.spaceId !== request.spaceId) {
        // Docmost moves a subtree to another space's root, then it is placed like any move.
        const result = await binding.instances.pageService.movePageToSpace(
          moved,
          request.spaceId,
          request.caller.userId,
          binding.provenance(request.caller),
        );
        const childPageIds = result?.childPageIds ?? [];
        await binding.audit(request.caller, {
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
        moved = await binding.page(request.pageId);
      }
      await binding.instances.pageService.movePage(
        {
          pageId: request.pageId,
          position: request.position,
          parentPageId: request.parentPageId,
        },
        moved,
        binding.provenance(request.caller),
      );
    },
    async trash(request) {
      const trashed = await binding.page(request.pageId);
      await binding.instances.pageService.removePage(
        request.pageId,
        request.caller.userId,
        request.caller.workspaceId,
      );
      await binding.audit(request.caller, {
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
  };
}
