import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { PagesInSpaceRequest } from '../session';

/**
 * The pages of `pageIds` that are in the space and not in the trash: exactly the pages whose
 * comments a space-wide `checkNewComments` lists.
 */
export async function selectPagesInSpace(
  db: Kysely<DB>,
  request: PagesInSpaceRequest,
): Promise<readonly string[]> {
  if (request.pageIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select p.id from pages p
    where p.id = any(${[...request.pageIds]}::uuid[]) and p.space_id = ${request.spaceId}::uuid and p.workspace_id = ${request.workspaceId}::uuid
      and p.deleted_at is null`.execute(db);
  return rows.map((row) => row.id);
}
