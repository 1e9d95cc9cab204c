import type { CONTENT_TOOLS } from '../content.tools';

type ContentTool = (typeof CONTENT_TOOLS)[number];

export type CreatePageTool = Extract<ContentTool, { name: 'createPage' }>;
export type UpdatePageContentTool = Extract<
  ContentTool,
  { name: 'updatePageContent' }
>;
export type ExportPageMarkdownTool = Extract<
  ContentTool,
  { name: 'exportPageMarkdown' }
>;
export type ImportPageMarkdownTool = Extract<
  ContentTool,
  { name: 'importPageMarkdown' }
>;

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
