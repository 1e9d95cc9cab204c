import type { Kysely } from 'kysely';
import type { DB, Page } from '../database';
import {
  docmostPageVisible,
  pagePermissionsQuery,
  type PagePermissionCaller,
  type PageVisibilityCondition,
} from '../database';

export type {
  PagePermissionCaller,
  PageColumns,
  PageVisibilityCondition,
} from '../database';

/** The caller's page-level rights on one page. */
export interface PagePermission {
  /** The caller may see the page. */
  readonly canView: boolean;
  /**
   * `true` or `false` when it is decided here (by a page restriction, or by a host's whole
   * decision, as Docmost's `PageAccessService` gives it); `undefined` when no restriction applies
   * and the caller's space role decides (writer or admin may edit).
   */
  readonly canEdit: boolean | undefined;
  /**
   * A page restriction applies (on the page or an ancestor): a refusal to edit names it rather
   * than the space role. Default: whether `canEdit` is decided (`canEdit !== undefined`).
   */
  readonly restricted?: boolean;
}

/**
 * Page-level permissions: the one replaceable piece of access control. Workspace isolation and
 * space membership are always checked by the module; a policy only narrows what a space member
 * may see and decides edits on restricted pages. A Docmost host may bind its own through
 * `AiToolsModule.forRoot({ pageAccess })`; the default reads Docmost's `page_access` and
 * `page_permissions` tables.
 */
export interface PageAccessPolicy {
  /**
   * Rights on pages of a space the caller belongs to, by page id: one page for most tools, a
   * whole subtree for deletePage and cross-space moves. A page missing from the map is hidden.
   */
  pagePermissions(
    db: Kysely<DB>,
    caller: PagePermissionCaller,
    pageIds: readonly string[],
  ): Promise<ReadonlyMap<string, PagePermission>>;
  /**
   * The rights on the one page a tool acts on (`requirePage`: every read, edit, comment and
   * share of a page), given its row as read from Docmost's `pages` table (without the
   * document). Optional: without it, `pagePermissions` of that page decides. Docmost's mount
   * binds Docmost's own `PageAccessService` here (`docmostServices`, port `pageAccess`).
   */
  readonly pagePermission?: (
    db: Kysely<DB>,
    caller: PagePermissionCaller,
    page: Page,
  ) => Promise<PagePermission>;
  /**
   * The same visibility as a condition inside a query (listings, search, the sidebar, the
   * comment signal), so that limits, counts and cursors see only visible pages.
   */
  readonly visiblePage: PageVisibilityCondition;
}

/** Docmost's rules: every restriction on the chain must grant the caller; the nearest one decides edits. */
export const DOCMOST_PAGE_ACCESS: PageAccessPolicy = {
  async pagePermissions(db, caller, pageIds) {
    if (pageIds.length === 0) return new Map();
    const { rows } = await pagePermissionsQuery(caller, pageIds).execute(db);
    return new Map(
      rows.map(
        (row) =>
          [
            row.pageId,
            {
              canView: row.canView,
              canEdit: row.restricted
                ? row.canView && row.canEditNearest
                : undefined,
            },
          ] as const,
      ),
    );
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
