import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Docmost's page-level permissions in SQL (tables `page_access`, `page_permissions`). A page
 * with a `page_access` row is restricted; a user sees a page only when every restricted page on
 * its ancestor chain (the page itself included) grants the user a `page_permissions` row,
 * directly or through a group. This lives in the database layer because both the tools'
 * access layer and the comment signal filter pages with it, and neither may import the other.
 */

/** Who asks: the user the agent acts for, in one workspace. */
export interface PagePermissionCaller {
  readonly userId: string;
  readonly workspaceId: string;
}

/** Column references of the page row being filtered, e.g. `sql.ref('pages.id')`. */
export interface PageColumns {
  readonly id: Expression<string>;
  readonly spaceId: Expression<string>;
}

/** A condition, evaluated inside the caller's query, that is true for pages the caller may see. */
export type PageVisibilityCondition = (
  caller: PagePermissionCaller,
  page: PageColumns,
) => Expression<SqlBool>;

/** The permission rows on one restriction that name the caller, directly or through a group. */
function grantsOfCaller(
  caller: PagePermissionCaller,
  restrictionId: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`select 1 from page_permissions permission
    where permission.page_access_id = ${restrictionId}
      and (permission.user_id = ${caller.userId}::uuid
        or permission.group_id in (select membership.group_id from group_users membership where membership.user_id = ${caller.userId}::uuid))`;
}

/**
 * Docmost's visibility rule as one condition. Spaces without any restriction (most of them)
 * pass on an index probe of `page_access(space_id)` (a restriction's `space_id` is its page's
 * space: Docmost drops the rows when a page moves to another space); otherwise a recursive walk up the page's
 * ancestors looks for a restriction that does not grant the caller. `union` keeps the walk
 * finite even if the data holds a `parent_page_id` cycle.
 */
export const docmostPageVisible: PageVisibilityCondition = (
  caller,
  page,
) => sql<SqlBool>`(
  not exists (select 1 from page_access space_restriction where space_restriction.space_id = ${page.spaceId})
  or not exists (
    with recursive chain (id, parent_page_id) as (
      select start.id, start.parent_page_id from pages start where start.id = ${page.id}
      union
      select parent.id, parent.parent_page_id from pages parent join chain on parent.id = chain.parent_page_id
    )
    select 1 from chain join page_access restriction on restriction.page_id = chain.id
    where not exists (${grantsOfCaller(caller, sql.ref('restriction.id'))})
  )
)`;

/** The caller's page-level rights on one page, as {@link pagePermissionsQuery} returns them. */
export interface PagePermissionRow {
  readonly pageId: string;
  /** Some page on the chain (the page itself included) is restricted. */
  readonly restricted: boolean;
  /** Every restriction on the chain grants the caller (true when nothing is restricted). */
  readonly canView: boolean;
  /** The nearest restriction grants the caller role `writer` (false when nothing is restricted). */
  readonly canEditNearest: boolean;
}

/**
 * One statement for any number of pages: walks each page's ancestor chain once and reports
 * restriction, visibility and the edit right of the nearest restriction, one row per existing
 * page. The depth bound stops a cycle in the data.
 */
export function pagePermissionsQuery(
  caller: PagePermissionCaller,
  pageIds: readonly string[],
): RawBuilder<PagePermissionRow> {
  return sql<PagePermissionRow>`
    with recursive chain (start_id, id, parent_page_id, depth) as (
      select start.id, start.id, start.parent_page_id, 0 from pages start where start.id = any(${pageIds}::uuid[])
      union
      select chain.start_id, parent.id, parent.parent_page_id, chain.depth + 1
      from pages parent join chain on parent.id = chain.parent_page_id
      where chain.depth < 1000
    ),
    restrictions as (
      select chain.start_id, chain.depth,
        exists (${grantsOfCaller(caller, sql.ref('restriction.id'))}) as granted,
        exists (${grantsOfCaller(caller, sql.ref('restriction.id'))} and permission.role = 'writer') as writer
      from chain join page_access restriction on restriction.page_id = chain.id
    )
    select start.id as "pageId",
      exists (select 1 from restrictions r where r.start_id = start.id) as "restricted",
      coalesce((select bool_and(r.granted) from restrictions r where r.start_id = start.id), true) as "canView",
      coalesce((select r.writer from restrictions r where r.start_id = start.id order by r.depth limit 1), false) as "canEditNearest"
    from pages start where start.id = any(${pageIds}::uuid[])`;
}

/**
 * Whether a restriction applies to the page (a `page_access` row on it or an ancestor), read
 * from the tables as Docmost's share view reads it on every view
 * (`PagePermissionRepo.hasRestrictedAncestor`, uncached). The depth bound stops a cycle.
 */
export function pageRestrictedQuery(
  pageId: string,
): RawBuilder<{ readonly restricted: boolean }> {
  return sql<{ readonly restricted: boolean }>`
    with recursive chain (id, parent_page_id, depth) as (
      select start.id, start.parent_page_id, 0 from pages start where start.id = ${pageId}::uuid
      union
      select parent.id, parent.parent_page_id, chain.depth + 1
      from pages parent join chain on parent.id = chain.parent_page_id
      where chain.depth < 1000
    )
    select exists (select 1 from chain join page_access restriction on restriction.page_id = chain.id) as "restricted"`;
}
