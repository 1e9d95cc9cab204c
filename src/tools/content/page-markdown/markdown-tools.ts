import type { ContentTool } from '../content.tools';

export type CreatePageTool = ContentTool<'createPage'>;
export type UpdatePageContentTool = ContentTool<'updatePageContent'>;
export type ExportPageMarkdownTool = ContentTool<'exportPageMarkdown'>;
export type ImportPageMarkdownTool = ContentTool<'importPageMarkdown'>;

export type MarkdownTool =
  | CreatePageTool
  | UpdatePageContentTool
  | ExportPageMarkdownTool
  | ImportPageMarkdownTool;

export const MARKDOWN_TOOL_NAMES: readonly MarkdownTool['name'][] = [
  'createPage',
  'updatePageContent',
  'exportPageMarkdown',
  'importPageMarkdown',
];
