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
import { namedPageId } from '../named-page-id';

/**
 * A page read as text: its title and body, as Docmost's own getPage answers. The model named
 * the page, and ids, timestamps and versions cost a quarter of a page's tokens on every read
 * (each read stays in the chat's history, re-read on every later request). `pageId` is the one
 * exception, for a page named by anything but its uuid (its slugId): the uuid the other tools'
 * results use, and what the comment signal counts comments on.
 */
export interface PageText {
  /** The page's uuid, when it was named by anything else (its slugId). */
  readonly pageId?: string;
  readonly title: string;
  readonly totalBlocks: number;
  /** The body: one line per text block, `[id]` prefixes, `#<index>` per top-level block. */
  readonly content: string;
  /** Present when blocks were left out: how to read on. */
  readonly truncated?: string;
}

/** The open page as getCurrentPage reads it: what getPage answers, with where the page is. */
export type CurrentPageText = Omit<PageText, 'pageId'> &
  Pick<PageListItem, 'id' | 'slugId' | 'spaceId' | 'parentPageId'>;

export type PageTextWindow = Pick<
  ToolInput<typeof getPageTool>,
  'fromBlock' | 'maxChars'
>;

/** An accessible page's body as the model reads it; shared by getPage and getCurrentPage. */
export function toPageText(
  page: AccessiblePage,
  rendered: RenderedDocument,
  window: PageTextWindow,
): Omit<PageText, 'pageId'> {
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
    title: page.title ?? '',
    totalBlocks: rendered.totalBlocks,
    content: rendered.text,
    ...(truncated ? { truncated } : {}),
  };
}

/** A page's title and its body as plain text with block ids, cut to the requested window. */
export async function getPage(
  dependencies: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getPageTool>,
  context: ToolCallContext,
): Promise<PageText> {
  const { page, text } = await readPageText(
    dependencies,
    input.pageId,
    input,
    context,
    'getPage',
  );
  return { ...namedPageId(page.id, input.pageId), ...text };
}

/** The page `pageId` names and its text as getPage answers it, read by the tool `toolName` (getPage, getCurrentPage). */
export async function readPageText(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  pageId: string,
  window: PageTextWindow,
  context: ToolCallContext,
  toolName: string,
): Promise<{ page: AccessiblePage; text: Omit<PageText, 'pageId'> }> {
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
  return { page, text: toPageText(page, rendered, window) };
}
