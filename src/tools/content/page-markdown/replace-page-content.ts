import type { ToolCallContext } from '../../../registry';
import type { ToolInput } from '../../../registry';
import { readPage, storedFormFor } from '../../../page-store';
import { writeWholeDocument } from '../../write-whole-document';
import type {
  ImportPageMarkdownTool,
  UpdatePageContentTool,
} from './markdown-tools';
import { readMarkdownOffThread } from './read-markdown-off-thread';
import type { ToolExecutorDependencies } from '../../executor-dependencies';
import type { ContentHeavyTasks } from '../../../heavy-tasks';

export interface ReplacePageContentInput {
  readonly pageId: string;
  readonly markdown: string;
  readonly baseVersion?: string | undefined;
}

export interface ReplacePageContentResult {
  readonly pageId: string;
  /** Pass back as `baseVersion` to make the next full write fail if the page changed since. */
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
  /** Top-level blocks of the written document. */
  readonly blocks: number;
  /** Headings and paragraphs that got a new id (plain Markdown carries none). */
  readonly generatedIds: number;
}

/**
 * updatePageContent and importPageMarkdown: the page's whole document replaced by the one the
 * Markdown describes. One reader serves both, so an exported file written back with either
 * tool comes back the same; they differ in what the model is told to send.
 */
async function replacePageContent(
  dependencies: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ReplacePageContentInput,
  context: ToolCallContext,
  toolName: 'updatePageContent' | 'importPageMarkdown',
): Promise<ReplacePageContentResult> {
  // The old document is replaced, not read: only its access and version are needed.
  const page = await readPage(dependencies, context, input.pageId, {
    write: true,
    content: false,
  });
  const { content, generatedIds } = await readMarkdownOffThread(
    input.markdown,
    dependencies.heavyWork,
    context.userId,
    storedFormFor(dependencies, page.id),
  );
  const written = await writeWholeDocument(dependencies, {
    context,
    page,
    content,
    baseVersion: input.baseVersion,
    toolName,
  });
  return {
    pageId: written.id,
    version: written.version,
    historyId: written.historyId,
    blocks: content.content?.length ?? 0,
    generatedIds,
  };
}

/** updatePageContent: the page's whole document from Markdown the model writes. */
export function updatePageContent(
  dependencies: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<UpdatePageContentTool>,
  context: ToolCallContext,
): Promise<ReplacePageContentResult> {
  return replacePageContent(dependencies, input, context, 'updatePageContent');
}

/** importPageMarkdown: the page's whole document from a Markdown file, e.g. an edited export. */
export function importPageMarkdown(
  dependencies: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<ImportPageMarkdownTool>,
  context: ToolCallContext,
): Promise<ReplacePageContentResult> {
  return replacePageContent(dependencies, input, context, 'importPageMarkdown');
}
