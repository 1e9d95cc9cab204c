import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requireEditableSubtree, requirePage } from '../../access';
import type { deletePageTool } from './page-management.tools';
import { descendantPageIds } from '../../page-store/page-tree';
import { serviceCaller } from '../../docmost-services';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface DeletePageResult {
  readonly pageId: string;
  readonly title: string | null;
  /** Pages moved to the trash: the page and its sub-pages. */
  readonly trashed: number;
  readonly trashedPageIds: readonly string[];
}

/**
 * Moves a page and its sub-pages to the trash the way Docmost does: `deleted_at` and
 * `deleted_by_id` set, nothing removed, so the trash can restore them. Sub-pages already in the
 * trash keep their own deletion time.
 */
export async function deletePage(
  { db, services }: ToolExecutorDependencies,
  input: ToolInput<typeof deletePageTool>,
  context: ToolCallContext,
): Promise<DeletePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  const descendants = await descendantPageIds(db, page.id, {
    includeDeleted: false,
  });
  // Trashing a sub-page the caller may not edit (or even see) would be a write to it.
  await requireEditableSubtree(db, context, page, descendants, 'trashed');
  // Through the bound page service (in Docmost its `PageService.removePage`:
  // `PAGE_SOFT_DELETED` takes the pages out of search and embeddings, the sidebars drop them).
  await services.pages.trash({
    caller: await serviceCaller(db, context),
    pageId: page.id,
  });
  const trashedPageIds = [page.id, ...descendants];
  return {
    pageId: page.id,
    title: page.title,
    trashed: trashedPageIds.length,
    trashedPageIds,
  };
}
