import type { ToolCallContext } from '../../registry/tool-call-context';
import { abbreviate } from '../../ground';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage, requireSpace, visiblePages } from '../../access';
import type { listSidebarPagesTool } from './page-management.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface SidebarPage {
  readonly id: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly icon: string | null;
  /** Direct sub-pages, listed in `children` unless the depth or total limit stopped the walk. */
  readonly childCount: number;
  readonly children?: readonly SidebarPage[];
}

export interface SidebarTree {
  readonly spaceId: string;
  readonly spaceName: string | null;
  readonly parentPageId: string | null;
  /** Pages listed in `pages` (all levels). */
  readonly listed: number;
  /** Pages in the listed scope (the space, or the subtree), whatever the limits. */
  readonly total: number;
  readonly truncated: boolean;
  readonly pages: readonly SidebarPage[];
}

interface PageRow {
  readonly id: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly icon: string | null;
  readonly parentPageId: string | null;
  readonly position: string | null;
}

/** Sidebar order: position keys byte-wise (Docmost's collate "C"), pages without one last. */
function bySidebarOrder(a: PageRow, b: PageRow): number {
  const keyA = a.position ?? '\uffff';
  const keyB = b.position ?? '\uffff';
  return keyA < keyB ? -1 : keyA > keyB ? 1 : a.id < b.id ? -1 : 1;
}

export async function listSidebarPages(
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof listSidebarPagesTool>,
  context: ToolCallContext,
): Promise<SidebarTree> {
  const space = await requireSpace(db, context, input.spaceId);
  const root =
    input.parentPageId === undefined
      ? undefined
      : await requirePage(db, context, input.parentPageId);
  if (root && root.spaceId !== space.id) {
    throw new ToolError(
      'invalid_input',
      `page ${abbreviate(input.parentPageId ?? root.id)} is not in space ${space.id}; give that page's own space (${root.spaceId}) or omit parentPageId`,
    );
  }
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'slugId', 'title', 'icon', 'parentPageId', 'position'])
    .where('spaceId', '=', space.id)
    .where('deletedAt', 'is', null)
    // A restricted page the caller may not see hides with everything below it, as in Docmost's sidebar.
    .where(visiblePages(context))
    .execute();
  const children = new Map<string | null, PageRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentPageId) ?? [];
    siblings.push(row);
    children.set(row.parentPageId, siblings);
  }
  for (const siblings of children.values()) siblings.sort(bySidebarOrder);

  let listed = 0;
  let truncated = false;
  // Visited sets: a parent_page_id cycle in the data must not hang the walk.
  const counted = new Set<string>();
  const countSubtree = (id: string | null): number =>
    (children.get(id) ?? []).reduce(
      (sum, row) =>
        counted.has(row.id)
          ? sum
          : (counted.add(row.id), sum + 1 + countSubtree(row.id)),
      0,
    );
  const built = new Set<string>();
  const build = (parentId: string | null, depth: number): SidebarPage[] => {
    const pages: SidebarPage[] = [];
    for (const row of children.get(parentId) ?? []) {
      if (built.has(row.id)) continue;
      built.add(row.id);
      if (listed >= input.limit) {
        truncated = true;
        break;
      }
      listed++;
      const childCount = children.get(row.id)?.length ?? 0;
      const descend = childCount > 0 && depth < input.maxDepth;
      pages.push({
        id: row.id,
        slugId: row.slugId,
        title: row.title,
        icon: row.icon,
        childCount,
        ...(descend ? { children: build(row.id, depth + 1) } : {}),
      });
    }
    return pages;
  };
  const rootId = root?.id ?? null;
  const total = countSubtree(rootId);
  const pages = build(rootId, 1);
  return {
    spaceId: space.id,
    spaceName: space.name,
    parentPageId: rootId,
    listed,
    total,
    truncated,
    pages,
  };
}
