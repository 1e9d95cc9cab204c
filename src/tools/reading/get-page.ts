import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { AccessiblePage } from '../../access';
import { readPage } from '../../page-store';
import type { getPageTool } from './reading.tools';
import type { RenderedDocument } from '../../document';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { ReadingHeavyTasks } from '../../heavy-tasks';
import type { PageListItem } from './list-pages';
import { viewOfPage } from './page-view';

/** A page read as text: the fields listPages gives it, its version and its body. */
export interface PageText extends PageListItem {
  /** Changes with every write; two reads with the same version saw the same content. */
  readonly version: string;
  readonly totalBlocks: number;
  /** The body: one line per text block, `[id]` prefixes, `#<index>` per top-level block. */
  readonly content: string;
  /** Present when blocks were left out: how to read on. */
  readonly truncated?: string;
}

export type PageTextWindow = Pick<
  ToolInput<typeof getPageTool>,
  'fromBlock' | 'maxChars'
>;

/** An accessible page as the model reads it; shared by getPage and getCurrentPage. */
export function toPageText(
  page: AccessiblePage,
  rendered: RenderedDocument,
  window: PageTextWindow,
): PageText {
  const header = {
    id: page.id,
    slugId: page.slugId,
    title: page.title ?? '',
    spaceId: page.spaceId,
    parentPageId: page.parentPageId,
    updatedAt: page.updatedAt.toISOString(),
    version: page.version,
    totalBlocks: rendered.totalBlocks,
  };
  let truncated: string | undefined;
  if (rendered.blockRange === null && rendered.totalBlocks > 0) {
    truncated = `fromBlock ${window.fromBlock} is past the last block (#${rendered.totalBlocks - 1}); call again with a smaller fromBlock`;
  } else if (rendered.truncated && rendered.blockRange) {
    const [first, last] = rendered.blockRange;
    truncated =
      `showing blocks #${first}–#${last} of ${rendered.totalBlocks}` +
      (rendered.lastBlockCut
        ? ` (block #${last} was cut at ${window.maxChars} characters; read it whole with getNode "#${last}")`
        : '') +
      (last + 1 < rendered.totalBlocks
        ? `; call again with fromBlock ${last + 1} to read on`
        : '');
  }
  return {
    ...header,
    content: rendered.text,
    ...(truncated ? { truncated } : {}),
  };
}

/** A page's metadata and its body as plain text with block ids, cut to the requested window. */
export async function getPage(
  dependencies: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getPageTool>,
  context: ToolCallContext,
): Promise<PageText> {
  return readPageText(dependencies, input.pageId, input, context, 'getPage');
}

/** What getPage answers for `pageId`, read by the tool named `toolName` (getPage, getCurrentPage). */
export async function readPageText(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  pageId: string,
  window: PageTextWindow,
  context: ToolCallContext,
  toolName: string,
): Promise<PageText> {
  const page = await readPage({ db, livePages }, context, pageId, {
    largeDocumentAsText: true,
  });
  const rendered = await viewOfPage(
    heavyWork,
    page,
    'pageTextView',
    { window },
    { context, toolName },
  );
  return toPageText(page, rendered, window);
}
