import type { DependentToolExecutors } from '../executor-dependencies';
import type { ContentHeavyTasks } from './content-heavy-tasks';
import { CONTENT_TOOLS } from './content.tools';
import { createPage } from './page-markdown/create-page';
import { exportPageMarkdown } from './page-markdown/export-page-markdown';
import {
  importPageMarkdown,
  updatePageContent,
} from './page-markdown/replace-page-content';
import { stashPage } from './stash/stash-page';
import { transformPage } from './transform/transform-page';

export { CONTENT_TOOLS } from './content.tools';
export type { StashPageResult, StashPageTool } from './stash/stash-page';
export type {
  TransformPagePreview,
  TransformPageResult,
  TransformPageTool,
  TransformPageWrite,
} from './transform/transform-page';
export type { BlockChanges } from './transform/block-changes';
export type {
  CreatePageTool,
  ExportPageMarkdownTool,
  ImportPageMarkdownTool,
  MarkdownTool,
  UpdatePageContentTool,
} from './page-markdown/markdown-tools';
export type { CreatePageResult } from './page-markdown/create-page';
export type { ExportPageMarkdownResult } from './page-markdown/export-page-markdown';
export type { ReplacePageContentResult } from './page-markdown/replace-page-content';

/**
 * Whole-page content: transformPage (the model's script runs in the QuickJS sandbox, the result
 * is validated and written through the page writer), the Markdown tools (createPage,
 * updatePageContent, exportPageMarkdown, importPageMarkdown, through the Docmost-flavoured
 * Markdown of `src/document/markdown`) and stashPage (snapshots go to `ai_tools_page_stashes`,
 * which `PageStashModule`'s public route serves from any server instance). Deferred tier.
 */
export const CONTENT_EXECUTORS: DependentToolExecutors<
  typeof CONTENT_TOOLS,
  ContentHeavyTasks
> = {
  transformPage,
  updatePageContent,
  createPage,
  exportPageMarkdown,
  importPageMarkdown,
  stashPage,
};
