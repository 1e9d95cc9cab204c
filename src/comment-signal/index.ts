export { createCommentSignalInterceptor, CommentSignalInterceptor, COMMENT_SIGNAL_OPTIONS } from './comment-signal-interceptor';
export { COMMENT_SIGNAL_DEFAULTS, type CommentSignalOptions, type CommentSignalClock } from './comment-signal-options';
export type {
  CommentSignalSource,
  CommentCountRequest,
  CommentCountResult,
  CommentCountPage,
  CommentWatermarkBound,
  PageCommentCount,
} from './comment-signal-source';
export { createDatabaseCommentSource, type DatabaseCommentSourceOptions } from './database-comment-source';
export { sanitizePageTitle, MAX_SIGNAL_TITLE_LENGTH } from './sanitize-page-title';
export { formatCommentSignal, LIST_COMMENTS_TOOL_NAME, type PageCommentNews } from './signal-text';
