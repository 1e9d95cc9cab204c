import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { memberSpaceIds, requireSpace, visiblePages } from '../../access';
import type { listSharesTool } from './sharing.tools';
import { isoTime } from '../iso-time';
import { decodeKeysetCursor, keysetBatch } from '../paging';
import { shareUrl } from './share-url';
import { isSharingDisabled } from './sharing-disabled';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface ShareListItem {
  readonly shareId: string;
  readonly url: string;
  readonly pageId: string;
  readonly pageTitle: string | null;
  readonly spaceId: string;
  readonly includeSubPages: boolean;
  readonly searchIndexing: boolean;
  readonly createdById: string | null;
  readonly createdAt: string;
}

export interface ShareList {
  readonly sharingDisabled: boolean;
  readonly shares: readonly ShareListItem[];
  /** Pass back as `cursor` for the next (older) shares; null after the last one. */
  readonly nextCursor: string | null;
}

/** Shares of live pages in the caller's spaces only, newest first, `limit` at a time (keyset on created_at, id). */
export async function listShares(
  { db, publicBaseUrl }: ToolExecutorDependencies,
  input: ToolInput<typeof listSharesTool>,
  context: ToolCallContext,
): Promise<ShareList> {
  const after = decodeKeysetCursor(
    input.cursor,
    'listShares',
    'the newest share',
  );
  const spaceId =
    input.spaceId === undefined
      ? undefined
      : (await requireSpace(db, context, input.spaceId)).id;
  const rows = await db
    .selectFrom('shares')
    .innerJoin('pages', 'pages.id', 'shares.pageId')
    .select([
      'shares.id',
      'shares.key',
      'shares.pageId',
      'shares.includeSubPages',
      'shares.searchIndexing',
      'shares.creatorId',
      'shares.createdAt',
      'pages.slugId',
      'pages.title',
      'pages.spaceId',
    ])
    .select(sql<string>`shares.created_at::text`.as('position'))
    .where('shares.workspaceId', '=', context.workspaceId)
    .where('shares.deletedAt', 'is', null)
    .where('pages.deletedAt', 'is', null)
    // The page's space decides visibility, as for the page itself.
    .where('pages.spaceId', 'in', memberSpaceIds(db, context))
    .where(visiblePages(context))
    .$if(spaceId !== undefined, (query) =>
      query.where('pages.spaceId', '=', spaceId!),
    )
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(shares.created_at, shares.id) < (${after!.at}::text::timestamptz, ${after!.id}::uuid)`,
      ),
    )
    .orderBy('shares.createdAt', 'desc')
    .orderBy('shares.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = keysetBatch(
    'listShares',
    rows,
    input.limit,
  );
  return {
    sharingDisabled: await isSharingDisabled(db, context.workspaceId),
    nextCursor,
    shares: shown.map((row) => ({
      shareId: row.id,
      url: shareUrl(publicBaseUrl, row.key, row),
      pageId: row.pageId!,
      pageTitle: row.title,
      spaceId: row.spaceId,
      includeSubPages: row.includeSubPages === true,
      searchIndexing: row.searchIndexing === true,
      createdById: row.creatorId,
      createdAt: isoTime(row.createdAt),
    })),
  };
}
