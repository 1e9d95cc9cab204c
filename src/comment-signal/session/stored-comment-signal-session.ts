import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from './carried-comment-pages';
import type {
  ClaimedPage,
  CommentClaim,
  EmbeddedCommentClaim,
} from './comment-claim';

/**
 * A session's comment-signal state as its surface keeps it between the units that serve it (a
 * chat's memory between turns, an MCP session's row between requests), handed to
 * `CommentSignal.open`: its pages as last stored, and where pages new to its working set start.
 */
export interface StoredCommentSignalSession {
  readonly pages: readonly CarriedCommentPage[];
  /**
   * Database time (text) from which comments on pages new to the working set are news: the
   * end of the chat's previous turn, the MCP session's start. Absent (a chat's first turn):
   * the session's own start.
   */
  readonly since?: string;
}

/**
 * Where a session's state lives when several instances serve one session (an MCP session
 * behind a load balancer): given to `CommentSignal.open`, the signal writes the session's
 * progress back after each call that changed it and claims news there. Both writes merge with what is stored (later watermarks win), so
 * concurrent calls lose no progress.
 */
export interface CommentSignalSessionStore {
  /** Merges the session's state into the stored one. */
  save(pages: readonly OutgoingCommentPage[]): Promise<void>;
  /**
   * Merges the session's state and claims each page's counted comments in one atomic step
   * (claims of one session are serialised, each seeing the ones before it): a page is won only
   * while its stored watermark is not past the claim's `after`. So a comment two concurrent
   * calls both counted is reported by exactly one of them, and a comment one of them counted
   * but lost stays after the stored watermark, for the next count.
   */
  claim(
    pages: readonly OutgoingCommentPage[],
    claims: readonly CommentClaim[],
  ): Promise<readonly ClaimedPage[]>;
  /**
   * The same write and claim as SQL a database count runs in its own statement, so a call that
   * counts adds no statement of its own for the session's state (`EmbeddedCommentClaim`).
   * Absent: writes and claims are statements of their own.
   */
  readonly embeddedClaim?: (
    pages: readonly OutgoingCommentPage[],
    options: { readonly stateChanged: boolean },
  ) => EmbeddedCommentClaim;
}

export interface PersistedSession {
  readonly store: CommentSignalSessionStore;
  /** The session's stored shape when it was last loaded or written. */
  shape: string;
}
