import type { ClaimedPage, EmbeddedCommentClaim } from './comment-claim';

/**
 * A point in time a comment must be newer than. `database` values come from the database's
 * own clock (exact to the microsecond, as a source returned them); `millisecondsAgo` is a
 * moment this process observed, which a source converts with the database clock
 * (`now() - interval`) so that clock skew between the app and the database cannot move it.
 */
export type CommentWatermarkBound =
  { readonly database: string } | { readonly millisecondsAgo: number };

/** One page to count, with its own watermark; absent means the session's baseline. */
export interface CommentCountPage {
  readonly pageId: string;
  readonly after?: CommentWatermarkBound;
}

export interface CommentCountRequest {
  readonly workspaceId: string;
  /** The user the agent acts for: only pages in spaces this user belongs to are counted. */
  readonly userId: string;
  /** Page uuids (never slug ids), at least one. */
  readonly pages: readonly CommentCountPage[];
  /** The watermark of pages without their own. */
  readonly baseline: CommentWatermarkBound;
  /**
   * When set, the baseline is moved back to the end of this chat's previous turn (its latest
   * assistant message) if that is earlier, so comments written between turns are news.
   */
  readonly previousTurnOfChatId?: string;
  /**
   * The agent's own comments are not news. With `chatId`: agent comments of that chat;
   * without (MCP): agent comments written as `userId`.
   */
  readonly agent: { readonly chatId?: string; readonly userId: string };
  /**
   * A stored session's write and claim to run in the count's own statement. A source that
   * cannot (not this database) ignores it and leaves `CommentCountResult.claimed` absent.
   */
  readonly claim?: EmbeddedCommentClaim;
}

/** New comments on one page. Never carries comment text: sources must not even read it. */
export interface PageCommentCount {
  readonly pageId: string;
  readonly title: string | null;
  readonly count: number;
  /** The newest `created_at` counted, on the database clock: the page's next watermark. */
  readonly latest: string;
  /**
   * The bound the count used for this page (comments after it were counted), resolved on the
   * database clock: a session shared by several instances claims `(after, latest]` with it.
   */
  readonly after: string;
}

export interface CommentCountResult {
  /** The request's baseline resolved on the database clock, for the session to keep. */
  readonly baseline: string;
  /** Pages with at least one new comment. */
  readonly pages: readonly PageCommentCount[];
  /** With a request's `claim`: what became of each page with news (the session's state was written too). */
  readonly claimed?: readonly ClaimedPage[];
}

/**
 * Where new-comment counts come from. `grouped` answers any number of pages in one call (one
 * query); `per-page` stands for a REST-only client that can only list one page's comments at
 * a time, so it is always called with exactly one page and rate-limited per page.
 */
export interface CommentSignalSource {
  readonly mode: 'grouped' | 'per-page';
  /**
   * True when the source runs a request's `claim` in its count's statement (the database
   * source); otherwise a stored session's writes and claims are statements of their own.
   */
  readonly embedsClaims?: boolean;
  countNewComments(request: CommentCountRequest): Promise<CommentCountResult>;
  /**
   * Which of `pageIds` are in the space, so a space-wide `checkNewComments` advances the
   * watermark of exactly the pages it read. Without it, only page-scoped checks advance one.
   */
  pagesInSpace?(request: PagesInSpaceRequest): Promise<readonly string[]>;
}

export interface PagesInSpaceRequest {
  readonly workspaceId: string;
  readonly spaceId: string;
  /** Page uuids of the working set. */
  readonly pageIds: readonly string[];
}
