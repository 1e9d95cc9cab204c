import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import {
  docmostPageVisible,
  pagePermissionQuery,
  type PagePermissionCaller,
  type PageVisibilityCondition,
} from '../../database/page-permission-sql';

export type { PagePermissionCaller, PageColumns, PageVisibilityCondition } from '../../database/page-permission-sql';

/** The caller's page-level rights on one page. */
export interface PagePermission {
  /** The caller may see the page. */
  readonly canView: boolean;
  /**
   * `true` or `false` when a page restriction decides whether the caller may edit the page;
   * `undefined` when no restriction applies and the caller's space role decides.
   */
  readonly canEdit: boolean | undefined;
}

/**
 * Page-level permissions: the one replaceable piece of access control. Workspace isolation and
 * space membership are always checked by the module; a policy only narrows what a space member
 * may see and decides edits on restricted pages. A Docmost host may bind its own through
 * `AiToolsModule.forRoot({ pageAccess })`; the default reads Docmost's `page_access` and
 * `page_permissions` tables.
 */
export interface PageAccessPolicy {
  /** Rights on one page of a space the caller belongs to. One call per checked page. */
  pagePermission(db: Kysely<DB>, caller: PagePermissionCaller, pageId: string): Promise<PagePermission>;
  /**
   * The same visibility as a condition inside a query (listings, search, the sidebar, the
   * comment signal), so that limits, counts and cursors see only visible pages.
   */
  readonly visiblePage: PageVisibilityCondition;
}

/** Docmost's rules: every restriction on the chain must grant the caller; the nearest one decides edits. */
export const DOCMOST_PAGE_ACCESS: PageAccessPolicy = {
  async pagePermission(db, caller, pageId) {
    const { rows } = await pagePermissionQuery(caller, pageId).execute(db);
    const row = rows[0];
    if (row === undefined) return { canView: false, canEdit: false };
    return { canView: row.canView, canEdit: row.restricted ? row.canView && row.canEditNearest : undefined };
  },
  visiblePage: docmostPageVisible,
};

/**
 * A caller as the access functions take it. Executors built with a policy receive a context
 * that carries it (see `bindPageAccess`); without one the Docmost default applies.
 */
export interface AccessCaller extends PagePermissionCaller {
  readonly pageAccess?: PageAccessPolicy;
}

export function pageAccessOf(caller: AccessCaller): PageAccessPolicy {
  return caller.pageAccess ?? DOCMOST_PAGE_ACCESS;
}
