/** The signal's text: the `[signal]` line and the page titles it may carry. */
export {
  formatCommentSignal,
  LIST_COMMENTS_TOOL_NAME,
  signaledPageIds,
  type PageCommentNews,
} from './signal-text';
export {
  MAX_SIGNAL_TITLE_LENGTH,
  sanitizePageTitle,
} from './sanitize-page-title';
