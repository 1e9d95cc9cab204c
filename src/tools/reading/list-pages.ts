import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { requireSpace } from '../../access';
import { isUuid } from '../../ground';
import type { listPagesTool } from './reading.tools';
import { decodeKeysetCursor, keysetBatch } from '../paging';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { readablePages } from './readable-pages';

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
  const after = decodeKeysetCursor(
    input.cursor,
    'listPages',
    'the most recent page',
  );
  if (input.spaceId !== undefined)
    await requireSpace(db, context, input.spaceId);
  let select = readablePages(db, context, input.spaceId)
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
    );
  if (after)
    select = select.where(
      sql<boolean>`(pages.updated_at, pages.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await select
    .orderBy('pages.updatedAt', 'desc')
    .orderBy('pages.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const batch = keysetBatch('listPages', rows, input.limit);
  return {
    pages: batch.rows.map((row) => ({
      id: row.id,
      slugId: row.slugId,
      title: row.title ?? '',
      spaceId: row.spaceId,
      parentPageId: row.parentPageId,
      updatedAt: row.updatedAt,
    })),
    nextCursor: batch.nextCursor,
  };
}
