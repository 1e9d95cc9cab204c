import { ToolError } from '../../../ground';
import type { ToolCallContext } from '../../../registry';
import type { ToolInput } from '../../../registry';
import {
  StashLimitExceededError,
  stashFileName,
  stashUrl,
  type StashFormat,
} from '../../../stash';
import { readPage } from '../../../page-store';
import {
  refuseRestrictedPage,
  requireSharingAllowed,
  serviceCaller,
} from '../../../docmost-services';
import type { ContentTool } from '../content.tools';
import {
  asDocument,
  countDocument,
  publicViewDocument,
} from '../../../document';
import { isoTime } from '../../iso-time';
import { exportMarkdownOffThread } from '../page-markdown';
import type { ToolExecutorDependencies } from '../../executor-dependencies';
import type { ContentHeavyTasks } from '../../../heavy-tasks';

export type StashPageTool = ContentTool<'stashPage'>;

export interface StashPageResult {
  /** Anonymous download URL; valid until `expiresAt`. */
  readonly url: string;
  readonly expiresAt: string;
  /** Size of the snapshot in bytes (UTF-8). */
  readonly bytes: number;
  readonly format: StashFormat;
  readonly pageId: string;
  readonly title: string | null;
  /** Image nodes in the snapshot: referenced by `src`, not copied. */
  readonly images: number;
}

/**
 * Snapshots a page the caller can read into `ai_tools_page_stashes` and returns its URL. The
 * JSON snapshot is the page's document with its pageId, slugId, title, spaceId, version and
 * `exportedAt` (a consumer outside the chat has none of them); the Markdown snapshot is
 * exactly the exportPageMarkdown file (Docmost-flavoured, lossless), the title only in the
 * download's file name. Both are of the document as Docmost's share view serves it: without
 * comment marks (so without `<span data-comment-id>` anchors in the Markdown) and without
 * `htmlEmbed` blocks.
 */
export async function stashPage(
  {
    db,
    livePages,
    stashes,
    publicBaseUrl,
    heavyWork,
    services,
  }: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<StashPageTool>,
  context: ToolCallContext,
): Promise<StashPageResult> {
  const page = await readPage({ db, livePages }, context, input.pageId);
  // A stash link is a public link to the page's content: Docmost's sharing rules apply.
  refuseRestrictedPage(page, 'the page was not stashed');
  await requireSharingAllowed(
    { db, sharing: services.sharing },
    page,
    'the page was not stashed',
  );
  // Public, so cleaned as Docmost's share view cleans a page: no comment ids, no HTML embeds.
  const content = publicViewDocument(asDocument(page.content)).node;
  const format: StashFormat = input.format;
  const body =
    format === 'markdown'
      ? (await exportMarkdownOffThread(content, heavyWork, context.userId))
          .markdown
      : JSON.stringify({
          pageId: page.id,
          slugId: page.slugId,
          title: page.title,
          spaceId: page.spaceId,
          version: page.version,
          exportedAt: new Date().toISOString(),
          content,
        });
  try {
    const created = await stashes.create({
      workspaceId: page.workspaceId,
      spaceId: page.spaceId,
      pageId: page.id,
      creatorId: context.userId,
      caller: await serviceCaller(db, context),
      format,
      fileName: stashFileName(page.title, format),
      body,
      expiresInMinutes: input.expiresInMinutes,
    });
    return {
      url: stashUrl(publicBaseUrl, created.key),
      expiresAt: isoTime(created.expiresAt),
      bytes: created.bytes,
      format,
      pageId: page.id,
      title: page.title,
      images: countDocument(content).images,
    };
  } catch (error) {
    if (error instanceof StashLimitExceededError)
      throw new ToolError(
        'limit_exceeded',
        `${error.message}. Nothing was stashed.`,
        { limit: error.limit },
      );
    throw error;
  }
}
