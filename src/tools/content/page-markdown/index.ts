/** The Markdown tools' executors, and the Markdown they read and write off the calling thread. */
export { createPage, type CreatePageResult } from './create-page';
export { exportMarkdownOffThread } from './export-markdown-off-thread';
export {
  exportPageMarkdown,
  type ExportPageMarkdownResult,
} from './export-page-markdown';
export type {
  CreatePageTool,
  ExportPageMarkdownTool,
  ImportPageMarkdownTool,
  MarkdownTool,
  UpdatePageContentTool,
} from './markdown-tools';
export {
  importPageMarkdown,
  updatePageContent,
  type ReplacePageContentResult,
} from './replace-page-content';
