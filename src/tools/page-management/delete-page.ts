import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requireEditableSubtree, requirePage } from '../../access';
import type { deletePageTool } from './page-management.tools';
import { descendantPageIds, lockSpaceTree } from './page-tree';
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
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof deletePageTool>,
  context: ToolCallContext,
): Promise<DeletePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  const trashedPageIds = await db.transaction().execute(async (trx) => {
    await lockSpaceTree(trx, [page.spaceId]);
    const descendants = await descendantPageIds(trx, page.id, {
      includeDeleted: false,
    });
    // Trashing a sub-page the caller may not edit (or even see) would be a write to it.
    await requireEditableSubtree(trx, context, page, descendants, 'trashed');
    const ids = [page.id, ...descendants];
    const updated = await trx
      .updateTable('pages')
      .set({ deletedAt: sql<Date>`now()`, deletedById: context.userId })
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .returning('id')
      .execute();
    return updated.map((row) => row.id);
  });
  return {
    pageId: page.id,
    title: page.title,
    trashed: trashedPageIds.length,
    trashedPageIds,
  };
}
