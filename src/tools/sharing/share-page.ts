import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage } from '../../access';
import type { sharePageTool } from './sharing.tools';
import { shareUrl } from './share-url';
import {
  refuseRestrictedPage,
  requireSharingAllowed,
  serviceCaller,
} from '../../docmost-services';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface SharePageResult {
  readonly shareId: string;
  readonly key: string;
  readonly url: string;
  readonly pageId: string;
  readonly title: string | null;
  readonly includeSubPages: boolean;
  readonly searchIndexing: boolean;
  /** False when the page was already shared (its existing link is returned). */
  readonly created: boolean;
}

/**
 * Publishes a page, or returns its existing share, through the bound share service; refused,
 * as Docmost's share route refuses it, for a restricted page and where Docmost's sharing rule
 * says no (workspace or space setting).
 */
export async function sharePage(
  { db, publicBaseUrl, services }: ToolExecutorDependencies,
  input: ToolInput<typeof sharePageTool>,
  context: ToolCallContext,
): Promise<SharePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  refuseRestrictedPage(page, 'the page was not shared');
  await requireSharingAllowed(
    { db, sharing: services.sharing },
    page,
    'the page was not shared',
  );
  const caller = await serviceCaller(db, context);
  const existing = await findShare(db, page.id);
  if (existing) {
    const includeSubPages =
      input.includeSubPages ?? existing.includeSubPages === true;
    const searchIndexing =
      input.searchIndexing ?? existing.searchIndexing === true;
    if (
      includeSubPages !== existing.includeSubPages ||
      searchIndexing !== existing.searchIndexing
    ) {
      await services.shares.update({
        caller,
        shareId: existing.id,
        includeSubPages,
        searchIndexing,
      });
    }
    return {
      shareId: existing.id,
      key: existing.key,
      url: shareUrl(publicBaseUrl, existing.key, page),
      pageId: page.id,
      title: page.title,
      includeSubPages,
      searchIndexing,
      created: false,
    };
  }
  const { id } = await services.shares.create({
    caller,
    pageId: page.id,
    includeSubPages: input.includeSubPages ?? false,
    searchIndexing: input.searchIndexing ?? false,
  });
  const created = await db
    .selectFrom('shares')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    shareId: created.id,
    key: created.key,
    url: shareUrl(publicBaseUrl, created.key, page),
    pageId: page.id,
    title: page.title,
    includeSubPages: created.includeSubPages === true,
    searchIndexing: created.searchIndexing === true,
    // A concurrent call may have shared it first: then this is that share.
    created: true,
  };
}

/** The page's live share, the oldest when (against Docmost's rule) there are several. */
function findShare(db: Kysely<DB>, pageId: string) {
  return db
    .selectFrom('shares')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .executeTakeFirst();
}
