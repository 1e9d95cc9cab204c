import type {
  CarriedCommentPage,
  OutgoingCommentPage,
  ClaimedPage,
  CommentClaim,
  EmbeddedCommentClaim,
} from '../comment-signal';

/** Whose session: a session only ever serves the user who opened it, in that workspace. */
export interface McpSessionCaller {
  readonly userId: string;
  readonly workspaceId: string;
}

/** A session as a request finds it, whichever instance opened it. */
export interface StoredMcpSession {
  /** When the session was opened, on the database clock (text, microseconds). */
  readonly startedAt: string;
  /** The comment signal's working set as last stored, least recently touched first. */
  readonly commentPages: readonly CarriedCommentPage[];
}

/**
 * Where MCP sessions live, shared by every instance of the host: one round trip to open one,
 * one to find one for a request, one to write the comment signal's state back or to claim the
 * comments a count found.
 */
export interface McpSessionStore {
  /** Stores a new session, closing the caller's least recently used ones beyond its limit. */
  open(sessionId: string, caller: McpSessionCaller): Promise<StoredMcpSession>;
  /** The caller's live session with this id, marked as used; undefined if unknown, idle, closed or another's. */
  find(
    sessionId: string,
    caller: McpSessionCaller,
  ): Promise<StoredMcpSession | undefined>;
  /** Merges the comment signal's state into the stored one (later watermarks win). */
  saveCommentPages(
    sessionId: string,
    caller: McpSessionCaller,
    pages: readonly OutgoingCommentPage[],
  ): Promise<void>;
  /**
   * Merges the comment signal's state and claims counted comments, atomically (the session's
   * row locked): see `CommentSignalSessionStore.claim`. No page is won once the session is gone.
   */
  claimCommentPages(
    sessionId: string,
    caller: McpSessionCaller,
    pages: readonly OutgoingCommentPage[],
    claims: readonly CommentClaim[],
  ): Promise<readonly ClaimedPage[]>;
  /** The same write and claim as CTEs of a count's statement (`EmbeddedCommentClaim`). */
  embeddedClaim(
    sessionId: string,
    caller: McpSessionCaller,
    pages: readonly OutgoingCommentPage[],
    stateChanged: boolean,
  ): EmbeddedCommentClaim;
  /** Closes the caller's session; false when there was none. */
  close(sessionId: string, caller: McpSessionCaller): Promise<boolean>;
  /** Deletes every session unused for longer than the idle timeout; returns how many. */
  closeIdle(): Promise<number>;
}
