import type { AnyToolSpec } from '../../../registry/tool-spec';
import { CONTENT_TOOLS } from '../../definitions/content.tools';
import { createPage } from './create-page';
import { exportPageMarkdown } from './export-page-markdown';
import { MARKDOWN_TOOL_NAMES, type MarkdownTool } from './markdown-tools';
import { importPageMarkdown, updatePageContent } from './replace-page-content';
import type { DependentToolExecutors } from '../executor-dependencies';

export type {
  CreatePageTool,
  ExportPageMarkdownTool,
  ImportPageMarkdownTool,
  MarkdownTool,
  UpdatePageContentTool,
} from './markdown-tools';
export type { CreatePageResult } from './create-page';
export type { ExportPageMarkdownResult } from './export-page-markdown';
export type { ReplacePageContentResult } from './replace-page-content';

function isMarkdownTool(spec: AnyToolSpec): spec is MarkdownTool {
  return (MARKDOWN_TOOL_NAMES as readonly string[]).includes(spec.name);
}

/** The four specs these executors bind, for a registry over them alone (tests). */
export const MARKDOWN_EXECUTOR_SPECS: readonly MarkdownTool[] =
  CONTENT_TOOLS.filter(isMarkdownTool);

/**
 * createPage, updatePageContent, exportPageMarkdown and importPageMarkdown over Docmost's
 * schema, through the Docmost-flavoured Markdown of `src/tools/markdown`. Writes go through the
 * dependencies' page writer, like every other content write.
 */
export const MARKDOWN_EXECUTORS: DependentToolExecutors<
  readonly MarkdownTool[]
> = {
  createPage,
  updatePageContent,
  exportPageMarkdown,
  importPageMarkdown,
};
