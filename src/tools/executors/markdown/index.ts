import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { AnyToolSpec, ToolExecutorMap } from '../../../registry/tool-spec';
import { sharedHeavyWorkPool } from '../../../workers';
import { CONTENT_TOOLS } from '../../definitions/content.tools';
import { createPage } from './create-page';
import { exportPageMarkdown } from './export-page-markdown';
import {
  DEFAULT_MAX_EXPORT_CHARS,
  MAX_IMPORT_CHARS,
  type MarkdownExecutorOptions,
} from './markdown-executor-options';
import { MARKDOWN_TOOL_NAMES, type MarkdownTool } from './markdown-tools';
import { replacePageContent } from './replace-page-content';

export type { MarkdownExecutorOptions } from './markdown-executor-options';
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

export type MarkdownExecutors = Required<
  ToolExecutorMap<readonly MarkdownTool[]>
>;

/**
 * createPage, updatePageContent, exportPageMarkdown and importPageMarkdown over Docmost's
 * schema, through the Docmost-flavoured Markdown of `src/tools/markdown`. Writes are
 * compare-and-set with a history row, like updatePageJson; on a live Docmost a host binds
 * collaboration-server writes for updatePageContent and importPageMarkdown instead (README).
 */
export function createMarkdownExecutors(
  db: Kysely<DB>,
  options: MarkdownExecutorOptions = {},
): MarkdownExecutors {
  const maxExportChars = options.maxExportChars ?? DEFAULT_MAX_EXPORT_CHARS;
  if (
    !Number.isInteger(maxExportChars) ||
    maxExportChars < 1 ||
    maxExportChars > MAX_IMPORT_CHARS
  ) {
    throw new RangeError(
      `maxExportChars must be an integer from 1 to ${MAX_IMPORT_CHARS} (what importPageMarkdown accepts), got ${maxExportChars}`,
    );
  }
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  return {
    createPage: (input, context) => createPage(db, input, context, heavyWork),
    updatePageContent: (input, context) =>
      replacePageContent(db, input, context, heavyWork),
    exportPageMarkdown: (input, context) =>
      exportPageMarkdown(db, input, context, maxExportChars, heavyWork),
    importPageMarkdown: (input, context) =>
      replacePageContent(db, input, context, heavyWork),
  };
}
