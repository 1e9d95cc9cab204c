import type { DependentToolExecutors } from '../executor-dependencies';
import type { ContentHeavyTasks } from '../../heavy-tasks';
import { CONTENT_TOOLS } from './content.tools';
import {
  createPage,
  exportPageMarkdown,
  importPageMarkdown,
  updatePageContent,
} from './page-markdown';
import { stashPage } from './stash';
import { transformPage } from './transform-page';

export { CONTENT_TOOLS } from './content.tools';
export type { StashPageResult, StashPageTool } from './stash';
export type {
  TransformPagePreview,
  TransformPageResult,
  TransformPageTool,
  TransformPageWrite,
} from './transform-page';
export type { BlockChanges } from '../../heavy-tasks';
export type {
  CreatePageResult,
  CreatePageTool,
  ExportPageMarkdownResult,
  ExportPageMarkdownTool,
  ImportPageMarkdownTool,
  MarkdownTool,
  ReplacePageContentResult,
  UpdatePageContentTool,
} from './page-markdown';

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
