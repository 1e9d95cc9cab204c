export {
  createCommentSignal,
  createCommentSignalInterceptor,
  CommentSignalInterceptor,
  COMMENT_SIGNAL_OPTIONS,
} from './comment-signal-interceptor';
export { CommentSignal } from './comment-signal';
export type {
  CommentSignalSessionStore,
  StoredCommentSignalSession,
} from './stored-comment-signal-session';
export type {
  ClaimedPage,
  CommentClaim,
  EmbeddedCommentClaim,
} from './comment-claim';
export {
  mergeCommentPagesSql,
  outgoingCommentPagesSql,
  parseCarriedCommentPages,
  readCommentPagesSql,
  type CarriedCommentPage,
  type OutgoingCommentPage,
} from './carried-comment-pages';
export {
  COMMENT_SIGNAL_DEFAULTS,
  type CommentSignalOptions,
  type CommentSignalClock,
} from './comment-signal-options';
export type {
  CommentSignalSource,
  CommentCountRequest,
  CommentCountResult,
  CommentCountPage,
  CommentWatermarkBound,
  PageCommentCount,
  PagesInSpaceRequest,
} from './comment-signal-source';
export {
  createDatabaseCommentSource,
  type DatabaseCommentSourceOptions,
} from './database-comment-source';
export {
  openCommentCountDatabase,
  type CommentCountConnection,
} from './comment-count-database';
export {
  sanitizePageTitle,
  MAX_SIGNAL_TITLE_LENGTH,
} from './sanitize-page-title';
export {
  formatCommentSignal,
  LIST_COMMENTS_TOOL_NAME,
  type PageCommentNews,
} from './signal-text';
