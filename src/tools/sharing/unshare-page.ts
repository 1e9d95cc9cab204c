import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage } from '../../access';
import type { unsharePageTool } from './sharing.tools';
import { ancestorChain } from '../../page-store/page-tree';
import { shareUrl } from './share-url';
import { serviceCaller } from '../../docmost-services';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface UnsharePageResult {
  readonly pageId: string;
  readonly revoked: boolean;
  readonly message: string;
  /** An ancestor whose share includes sub-pages: the page is still public through it. */
  readonly stillPublicVia: {
    readonly pageId: string;
    readonly title: string | null;
    readonly url: string;
  } | null;
}

/** Revokes a page's share (every share row of it), so its public link stops working. */
export async function unsharePage(
  { db, publicBaseUrl, services }: ToolExecutorDependencies,
  input: ToolInput<typeof unsharePageTool>,
  context: ToolCallContext,
): Promise<UnsharePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  const deleted = await db
    .selectFrom('shares')
    .select('id')
    .where('pageId', '=', page.id)
    .where('workspaceId', '=', context.workspaceId)
    .execute();
  // Through the bound share service (in Docmost its `ShareRepo.deleteShare`, as its route does).
  const caller = await serviceCaller(db, context);
  for (const share of deleted)
    await services.shares.remove({ caller, shareId: share.id });
  const ancestors = (await ancestorChain(db, page.id)).slice(1);
  const viaAncestor =
    ancestors.length === 0
      ? undefined
      : await db
          .selectFrom('shares')
          .innerJoin('pages', 'pages.id', 'shares.pageId')
          .select([
            'shares.key',
            'shares.pageId',
            'pages.slugId',
            'pages.title',
          ])
          .where(
            'shares.pageId',
            'in',
            ancestors.map((ancestor) => ancestor.id),
          )
          .where('shares.includeSubPages', '=', true)
          .where('shares.deletedAt', 'is', null)
          .where('pages.deletedAt', 'is', null)
          .executeTakeFirst();
  const stillPublicVia = viaAncestor
    ? {
        pageId: viaAncestor.pageId!,
        title: viaAncestor.title,
        url: shareUrl(publicBaseUrl, viaAncestor.key, viaAncestor),
      }
    : null;
  const revoked = deleted.length > 0;
  const message = revoked
    ? 'the public link no longer works'
    : 'the page was not shared; nothing changed';
  return {
    pageId: page.id,
    revoked,
    message: stillPublicVia
      ? `${message}; the page is still public through the share of its ancestor "${stillPublicVia.title ?? 'Untitled'}"`
      : message,
    stillPublicVia,
  };
}
