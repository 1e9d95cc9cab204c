import type { HeavyWorkPool } from '../../../workers';

/** Options of the Markdown executors (createPage, updatePageContent, exportPageMarkdown, importPageMarkdown). */
export interface MarkdownExecutorOptions {
  /**
   * Most characters of Markdown exportPageMarkdown returns; a larger page is refused with a
   * pointer to stashPage, so one call cannot flood the model's context. Default 100,000
   * (about 25,000 tokens); at most 500,000, what importPageMarkdown accepts, so any export can
   * be imported back.
   */
  readonly maxExportChars?: number;
  /** The worker pool long Markdown is read and large pages exported in; default the process-wide shared pool. */
  readonly heavyWork?: HeavyWorkPool;
}

export const DEFAULT_MAX_EXPORT_CHARS = 100_000;

/** importPageMarkdown's input limit (its schema's `markdown.max`). */
export const MAX_IMPORT_CHARS = 500_000;
