/**
 * The comment signal: after a tool call, one `[signal]` line when humans commented on pages the
 * session works on. Its rooms: `session/` (what it knows of a session, the state kept between
 * calls), `database-source/` (the counts, from Docmost's tables), `text/` (the line itself),
 * `tool-results/` (what a call's input and result tell it); `comment-signal.ts` observes each
 * call (`observe-call.ts`) and checks for news (`check-news.ts`).
 */
export {
  createCommentSignal,
  createCommentSignalInterceptor,
  CommentSignalInterceptor,
  COMMENT_SIGNAL_OPTIONS,
} from './comment-signal-interceptor';
export { CommentSignal } from './comment-signal';
export {
  COMMENT_SIGNAL_DEFAULTS,
  type CommentSignalOptions,
  type CommentSignalClock,
} from './comment-signal-options';
export {
  mergeCommentPagesSql,
  outgoingCommentPagesSql,
  parseCarriedCommentPages,
  readCommentPagesSql,
  type CarriedCommentPage,
  type ClaimedPage,
  type CommentClaim,
  type CommentCountPage,
  type CommentCountRequest,
  type CommentCountResult,
  type CommentSignalSessionStore,
  type CommentSignalSource,
  type CommentWatermarkBound,
  type EmbeddedCommentClaim,
  type OutgoingCommentPage,
  type PageCommentCount,
  type PagesInSpaceRequest,
  type StoredCommentSignalSession,
} from './session';
export {
  createDatabaseCommentSource,
  openCommentCountDatabase,
  type CommentCountConnection,
  type DatabaseCommentSourceOptions,
} from './database-source';
export {
  formatCommentSignal,
  LIST_COMMENTS_TOOL_NAME,
  MAX_SIGNAL_TITLE_LENGTH,
  sanitizePageTitle,
  signaledPageIds,
  type PageCommentNews,
} from './text';
