import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';

/**
 * The page tree through `parent_page_id`. `union` (not `union all`) keeps the recursion finite
 * even if the data already holds a cycle.
 */

/** Ids of every page below `pageId`, at any depth; trashed ones only with `includeDeleted`. */
export async function descendantPageIds(
  db: Kysely<DB>,
  pageId: string,
  options: { readonly includeDeleted: boolean },
): Promise<string[]> {
  const alive = options.includeDeleted ? sql`` : sql`and deleted_at is null`;
  const { rows } = await sql<{ id: string }>`
    with recursive tree (id) as (
      select id from pages where parent_page_id = ${pageId} ${alive}
      union
      select pages.id from pages join tree on pages.parent_page_id = tree.id ${options.includeDeleted ? sql`` : sql`where pages.deleted_at is null`}
    )
    select id from tree`.execute(db);
  return rows.map((row) => row.id);
}

/** `pageId` and its ancestors up to the root, nearest first. */
export async function ancestorChain(
  db: Kysely<DB>,
  pageId: string,
): Promise<{ id: string; title: string | null }[]> {
  const { rows } = await sql<{
    id: string;
    title: string | null;
    depth: number;
  }>`
    with recursive chain (id, parent_page_id, title, depth) as (
      select id, parent_page_id, title, 0 from pages where id = ${pageId}
      union
      select pages.id, pages.parent_page_id, pages.title, chain.depth + 1
      from pages join chain on pages.id = chain.parent_page_id
      where chain.depth < 1000
    )
    select id, title, depth from chain order by depth`.execute(db);
  return rows.map((row) => ({ id: row.id, title: row.title }));
}

/**
 * Serialises tree changes within a space for the rest of the transaction, so two concurrent
 * moves cannot each pass the cycle check and together build a cycle.
 */
export async function lockSpaceTree(
  db: Kysely<DB>,
  spaceIds: readonly string[],
): Promise<void> {
  for (const spaceId of [...new Set(spaceIds)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${'page-tree:' + spaceId}))`.execute(
      db,
    );
  }
}
