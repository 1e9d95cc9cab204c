import { ToolError } from '../../../ground';
import type { ToolCallContext } from '../../../registry';
import type { ToolInput } from '../../../registry';
import { readPage } from '../../../page-store';
import { asDocument } from '../../../document';
import { exportMarkdownOffThread } from './export-markdown-off-thread';
import type { ExportPageMarkdownTool } from './markdown-tools';
import type { ToolExecutorDependencies } from '../../executor-dependencies';
import type { ContentHeavyTasks } from '../../../heavy-tasks';

export interface ExportPageMarkdownResult {
  readonly pageId: string;
  readonly slugId: string;
  readonly title: string | null;
  /** Pass to importPageMarkdown as `baseVersion`. */
  readonly version: string;
  readonly chars: number;
  /** Blocks written as `docmost-json` because Markdown has no exact form for them. */
  readonly jsonBlocks: number;
  readonly markdown: string;
}

/** The page as one Docmost-flavoured Markdown file that importPageMarkdown reads back exactly. */
export async function exportPageMarkdown(
  {
    db,
    livePages,
    heavyWork,
    maxExportChars: maxChars,
  }: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<ExportPageMarkdownTool>,
  context: ToolCallContext,
): Promise<ExportPageMarkdownResult> {
  const page = await readPage({ db, livePages }, context, input.pageId);
  const { markdown, jsonBlocks } = await exportMarkdownOffThread(
    asDocument(page.content),
    heavyWork,
    context.userId,
  );
  if (markdown.length > maxChars) {
    throw new ToolError(
      'limit_exceeded',
      `page "${page.title ?? 'Untitled'}" (${page.id}) exports to ${markdown.length} characters of Markdown, over the limit of ${maxChars}; ` +
        'use stashPage to hand the whole page to a consumer by URL, or read it in parts with getOutline and getPage (fromBlock)',
      { chars: markdown.length, limit: maxChars },
    );
  }
  return {
    pageId: page.id,
    slugId: page.slugId,
    title: page.title,
    version: page.version,
    chars: markdown.length,
    jsonBlocks,
    markdown,
  };
}
