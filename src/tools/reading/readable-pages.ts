import type { Kysely } from 'kysely';
import { memberSpaceIds, visiblePages } from '../../access';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry';

/**
 * The pages the caller may read, as listPages and searchPages select from: live pages of its
 * workspace, in its spaces, visible to it; of one space when `spaceId` is given.
 */
export function readablePages(
  db: Kysely<DB>,
  context: ToolCallContext,
  spaceId: string | undefined,
) {
  const pages = db
    .selectFrom('pages')
    .where('pages.workspaceId', '=', context.workspaceId)
    .where('pages.deletedAt', 'is', null)
    .where('pages.spaceId', 'in', memberSpaceIds(db, context))
    .where(visiblePages(context));
  return spaceId === undefined
    ? pages
    : pages.where('pages.spaceId', '=', spaceId);
}
