/**
 * The signal's session: what it knows of one chat turn or MCP session (working set, watermarks,
 * clocks), the state its surface keeps between calls, and what it asks a source to count.
 */
export {
  mergeCommentPagesSql,
  outgoingCommentPagesSql,
  parseCarriedCommentPages,
  readCommentPagesSql,
  type CarriedCommentPage,
  type OutgoingCommentPage,
} from './carried-comment-pages';
export type { CheckPlan, SessionLimits } from './check-plan';
export type {
  ClaimedPage,
  CommentClaim,
  EmbeddedCommentClaim,
} from './comment-claim';
export { CommentSignalSession } from './comment-signal-session';
export type {
  CommentCountPage,
  CommentCountRequest,
  CommentCountResult,
  CommentSignalSource,
  CommentWatermarkBound,
  PageCommentCount,
  PagesInSpaceRequest,
} from './comment-signal-source';
export type {
  CommentSignalSessionStore,
  PersistedSession,
  StoredCommentSignalSession,
} from './stored-comment-signal-session';
