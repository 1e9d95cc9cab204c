import type { RawBuilder } from 'kysely';
import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from './carried-comment-pages';

/**
 * What a session store holds for one session (see `CommentSignal.refresh`): its pages as any
 * instance last stored them, and when the session began, both on the database clock.
 */
export interface StoredCommentSignalSession {
  readonly pages: readonly CarriedCommentPage[];
  /** When the session began (database time, text): pages new to the working set start here. */
  readonly startedAt: string;
}

/** New comments a count found on one page: those after `after` up to `latest` (database times). */
export interface CommentClaim {
  readonly pageId: string;
  readonly after: string;
  readonly latest: string;
}

/** What became of one claim. */
export interface ClaimedPage {
  readonly pageId: string;
  /**
   * True: no call of the session had moved the page's stored watermark past `after`, and this
   * one moved it to `latest`: this call reports those comments. False: another call got there
   * first (reported or read some of them); this call reports nothing for the page.
   */
  readonly won: boolean;
  /** The page's stored watermark after the claim (database time, text). */
  readonly watermark: string;
}

/**
 * Where a session's state lives when several instances serve one session (an MCP session
 * behind a load balancer). Both writes merge with what is stored (later watermarks win), so
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

/**
 * A store's claim inside a count's statement (same database). `ctes` are comma-led CTEs that
 * read the count's relation `counted` (page_id uuid, after timestamptz, latest timestamptz:
 * the pages with news) and define `claim_outcome` (page_id text, won boolean, watermark text);
 * they write the session's state as `claim` does, and nothing when it did not change and
 * the count found no news.
 */
export interface EmbeddedCommentClaim {
  readonly ctes: RawBuilder<unknown>;
}

export interface PersistedSession {
  readonly store: CommentSignalSessionStore;
  /** The session's stored shape when it was last loaded or written. */
  shape: string;
}
