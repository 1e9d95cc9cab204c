import type { RawBuilder } from 'kysely';

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
 * A store's claim inside a count's statement (same database). `ctes` are comma-led CTEs that
 * read the count's relation `counted` (page_id uuid, after timestamptz, latest timestamptz:
 * the pages with news) and define `claim_outcome` (page_id text, won boolean, watermark text);
 * they write the session's state as `claim` does, and nothing when it did not change and
 * the count found no news.
 */
export interface EmbeddedCommentClaim {
  readonly ctes: RawBuilder<unknown>;
}
