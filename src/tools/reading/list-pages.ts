import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { memberSpaceIds, requireSpace, visiblePages } from '../../access';
import { isUuid } from '../../ground';
import type { listPagesTool } from './reading.tools';
import { decodeKeysetCursor, encodeKeysetCursor } from '../paging';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface PageListItem {
  readonly id: string;
  readonly slugId: string;
  readonly title: string;
  readonly spaceId: string;
  readonly parentPageId: string | null;
  readonly updatedAt: string;
}

export interface ListPagesResult {
  readonly pages: readonly PageListItem[];
  /** Pass back as `cursor` for the next batch; null after the last one. */
  readonly nextCursor: string | null;
}

/** Pages of one space or of all the caller's spaces, most recently updated first, keyset-paginated. */
export async function listPages(
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof listPagesTool>,
  context: ToolCallContext,
): Promise<ListPagesResult> {
  const after =
    input.cursor === undefined
      ? undefined
      : decodeKeysetCursor(input.cursor, 'listPages', 'the most recent page');
  if (input.spaceId !== undefined)
    await requireSpace(db, context, input.spaceId);
  let select = db
    .selectFrom('pages')
    .select([
      'pages.id',
      'pages.slugId',
      'pages.title',
      'pages.spaceId',
      'pages.parentPageId',
    ])
    .select(sql<string>`pages.updated_at::text`.as('position'))
    .select(
      sql<string>`to_char(pages.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'updatedAt',
      ),
    )
    .where('pages.workspaceId', '=', context.workspaceId)
    .where('pages.deletedAt', 'is', null)
    .where('pages.spaceId', 'in', memberSpaceIds(db, context))
    .where(visiblePages(context));
  if (input.spaceId !== undefined)
    select = select.where('pages.spaceId', '=', input.spaceId);
  if (after)
    select = select.where(
      sql<boolean>`(pages.updated_at, pages.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await select
    .orderBy('pages.updatedAt', 'desc')
    .orderBy('pages.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    pages: page.map((row) => ({
      id: row.id,
      slugId: row.slugId,
      title: row.title ?? '',
      spaceId: row.spaceId,
      parentPageId: row.parentPageId,
      updatedAt: row.updatedAt,
    })),
    nextCursor:
      rows.length > input.limit && last
        ? encodeKeysetCursor('listPages', { at: last.position, id: last.id })
        : null,
  };
}
