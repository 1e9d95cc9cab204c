import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from './carried-comment-pages';
import type {
  CommentCountPage,
  CommentCountResult,
} from './comment-signal-source';
import type { PageCommentNews } from '../text';
import type { StoredCommentSignalSession } from './stored-comment-signal-session';
import {
  isAfter,
  laterWatermark,
  toBound,
  type ClockReading,
  type SessionWatermark,
} from './session-watermark';
import type { CheckPlan, SessionLimits } from './check-plan';

interface PageState {
  /** Absent: the session baseline applies. */
  watermark?: SessionWatermark;
  /** When the page was last touched (this process's clock). */
  touchedAt?: number;
  /** When a per-page source last checked this page. */
  lastCheckedAt?: number;
  /** Comment ids of the page's `comment` marks seen so far; absent until the first scan. */
  seenMarks?: Set<string>;
  /** Too many marks to track: the mark scan ignores this page. */
  marksUntracked?: boolean;
}

/**
 * What the comment signal knows about one chat turn or MCP session: the working set of pages
 * (least recently touched first), each page's watermark (comments up to it were reported or
 * read) and seen comment marks, and the debounce and backoff clocks. It takes in the state its
 * surface kept (`absorb`) and hands its state on (`carry`). All
 * state is bounded by `SessionLimits`.
 */
export class CommentSignalSession {
  private readonly pages = new Map<string, PageState>();
  private baseline: SessionWatermark;
  /** Chat sessions start at the end of the chat's previous turn, known only after a first count. */
  private previousTurnPending: boolean;
  private lastWindowAt: number | undefined;
  private readonly forcedPages = new Set<string>();
  private checking = false;
  private failures = 0;
  private backoffUntil = Number.NEGATIVE_INFINITY;

  constructor(
    startedAt: number,
    resolvePreviousTurn: boolean,
    private readonly limits: SessionLimits,
  ) {
    this.baseline = { localAt: startedAt };
    this.previousTurnPending = resolvePreviousTurn;
  }

  get workingSetSize(): number {
    return this.pages.size;
  }

  /** The working set, least recently touched first. */
  pageIds(): string[] {
    return [...this.pages.keys()];
  }

  /**
   * Takes in the session's state as its surface kept it (a chat's memory between turns, an MCP
   * session's row between requests, written by any instance serving it, this one included),
   * keeping what this process knows too: each page gets the later watermark and the latest
   * check and touch of the two, and the working set is re-ranked by touch. Pages new to the
   * working set start at `stored.since` (database time) when given. What only this process
   * tracks (seen comment marks, forced checks, backoff) stays. `shared`: other instances serve
   * the session too, so the grouped window restarts from the latest check any of them made.
   */
  absorb(
    stored: StoredCommentSignalSession,
    now: number,
    clock: ClockReading,
    shared: boolean,
  ): void {
    if (stored.since !== undefined && !('database' in this.baseline)) {
      this.baseline = { database: stored.since };
      this.previousTurnPending = false;
    }
    for (const page of stored.pages) {
      const state = this.pages.get(page.pageId) ?? {};
      state.watermark = laterWatermark(state.watermark, page.watermark, clock);
      state.touchedAt = Math.max(
        state.touchedAt ?? Number.NEGATIVE_INFINITY,
        now - page.touchedMillisecondsAgo,
      );
      if (page.checkedMillisecondsAgo !== null)
        state.lastCheckedAt = Math.max(
          state.lastCheckedAt ?? Number.NEGATIVE_INFINITY,
          now - page.checkedMillisecondsAgo,
        );
      this.pages.set(page.pageId, state);
    }
    const ranked = [...this.pages.entries()].sort(
      ([, left], [, right]) =>
        (left.touchedAt ?? Number.NEGATIVE_INFINITY) -
        (right.touchedAt ?? Number.NEGATIVE_INFINITY),
    );
    this.pages.clear();
    for (const [pageId, state] of ranked) this.pages.set(pageId, state);
    const lastChecked = Math.max(
      ...ranked.map(
        ([, state]) => state.lastCheckedAt ?? Number.NEGATIVE_INFINITY,
      ),
    );
    if (shared && Number.isFinite(lastChecked))
      this.lastWindowAt = Math.max(
        this.lastWindowAt ?? lastChecked,
        lastChecked,
      );
    this.touch([]);
  }

  /**
   * What a store must keep of the session, as a comparable text: the working set in order and
   * each page's watermark. A call that leaves it unchanged needs no write. Check times are
   * written along when something else changed, never on their own: a stale one only makes
   * another instance count a page once more, which costs what the write would have.
   */
  storedShape(): string {
    return JSON.stringify(
      [...this.pages.entries()].map(([pageId, state]) => [
        pageId,
        state.watermark ?? null,
      ]),
    );
  }

  /** The working set to hand on, least recently touched first; pages without their own watermark take the baseline. */
  carry(now: number): OutgoingCommentPage[] {
    return [...this.pages.entries()].map(([pageId, state]) => {
      const watermark = state.watermark ?? this.baseline;
      return {
        pageId,
        watermark:
          'database' in watermark
            ? { database: watermark.database }
            : { millisecondsAgo: Math.max(0, now - watermark.localAt) },
        ...(state.lastCheckedAt === undefined
          ? {}
          : { checkedMillisecondsAgo: Math.max(0, now - state.lastCheckedAt) }),
        touchedMillisecondsAgo: Math.max(0, now - (state.touchedAt ?? now)),
      };
    });
  }

  /** Moves pages to the most recent end of the working set, forgetting the oldest beyond the limit. */
  touch(pageIds: Iterable<string>, now?: number): void {
    for (const pageId of pageIds) {
      const state = this.pages.get(pageId) ?? {};
      if (now !== undefined) state.touchedAt = now;
      this.pages.delete(pageId);
      this.pages.set(pageId, state);
    }
    for (const pageId of this.pages.keys()) {
      if (this.pages.size <= this.limits.maxWorkingSetPages) break;
      this.pages.delete(pageId);
      this.forcedPages.delete(pageId);
    }
  }

  /**
   * A comment listing (checkNewComments) returned every comment of these pages created after
   * `sinceMs` (wall time) up to `at`: a page advances to `at` only when its watermark is
   * already after `sinceMs`, since otherwise comments between the two were never read.
   */
  coverRange(
    pageIds: Iterable<string>,
    sinceMs: number,
    at: number,
    clock: ClockReading,
  ): void {
    if (!Number.isFinite(sinceMs)) return;
    for (const pageId of pageIds) {
      const state = this.pages.get(pageId);
      if (
        state === undefined ||
        !isAfter(state.watermark ?? this.baseline, sinceMs, clock)
      )
        continue;
      state.watermark = { localAt: at };
      this.forcedPages.delete(pageId);
    }
  }

  /** A page's comments were listed as of `at`. */
  coverPages(pageIds: Iterable<string>, at: number): void {
    for (const pageId of pageIds) {
      const state = this.pages.get(pageId);
      if (state === undefined) continue;
      state.watermark = { localAt: at };
      this.forcedPages.delete(pageId);
    }
  }

  /**
   * Compares a page's comment marks with those seen before. The first scan of a page only
   * learns them; a mark seen for the first time later means a new anchored comment, and the
   * page is checked at the next opportunity without waiting for the debounce.
   */
  scanMarks(pageId: string, commentIds: ReadonlySet<string>): void {
    const state = this.pages.get(pageId);
    if (state === undefined || state.marksUntracked) return;
    if (state.seenMarks === undefined) {
      state.seenMarks = new Set(commentIds);
    } else {
      for (const commentId of commentIds) {
        if (state.seenMarks.has(commentId)) continue;
        state.seenMarks.add(commentId);
        this.forcedPages.add(pageId);
      }
    }
    if (state.seenMarks.size > this.limits.maxSeenMarksPerPage) {
      state.marksUntracked = true;
      delete state.seenMarks;
    }
  }

  /** Decides what to count now, if anything, and marks it as started. Empty working set: nothing. */
  planCheck(
    now: number,
    mode: 'grouped' | 'per-page',
    debounceMs: number,
    maxPagesPerCheck: number,
  ): CheckPlan | undefined {
    if (this.checking || now < this.backoffUntil || this.pages.size === 0)
      return undefined;
    let pageIds: string[];
    if (mode === 'grouped') {
      const windowDue =
        this.lastWindowAt === undefined ||
        now - this.lastWindowAt >= debounceMs;
      if (windowDue) this.lastWindowAt = now;
      pageIds = windowDue ? [...this.pages.keys()] : [...this.forcedPages];
      for (const pageId of pageIds) this.pages.get(pageId)!.lastCheckedAt = now;
    } else {
      const due = [...this.pages.entries()]
        .filter(
          ([pageId, state]) =>
            this.forcedPages.has(pageId) ||
            state.lastCheckedAt === undefined ||
            now - state.lastCheckedAt >= debounceMs,
        )
        .sort(([leftId, left], [rightId, right]) => {
          const forced =
            Number(this.forcedPages.has(rightId)) -
            Number(this.forcedPages.has(leftId));
          return forced !== 0
            ? forced
            : (left.lastCheckedAt ?? Number.NEGATIVE_INFINITY) -
                (right.lastCheckedAt ?? Number.NEGATIVE_INFINITY);
        });
      pageIds = due.slice(0, maxPagesPerCheck).map(([pageId]) => pageId);
      for (const pageId of pageIds) this.pages.get(pageId)!.lastCheckedAt = now;
    }
    if (pageIds.length === 0) return undefined;
    const forcedPages = pageIds.filter((pageId) =>
      this.forcedPages.has(pageId),
    );
    for (const pageId of forcedPages) this.forcedPages.delete(pageId);
    const plannedWatermarks = new Map(
      pageIds.map((pageId) => [pageId, this.pages.get(pageId)!.watermark]),
    );
    const requestPages = pageIds.map((pageId): CommentCountPage => {
      const watermark = plannedWatermarks.get(pageId);
      return watermark === undefined
        ? { pageId }
        : { pageId, after: toBound(watermark, now) };
    });
    this.checking = true;
    return {
      pageGroups:
        mode === 'grouped'
          ? [requestPages]
          : requestPages.map((page) => [page]),
      baseline: toBound(this.baseline, now),
      resolvePreviousTurn: this.previousTurnPending,
      plannedWatermarks,
      plannedBaseline: this.baseline,
      forcedPages,
    };
  }

  /**
   * Whether the count of `pageId` planned in `plan` still stands: the page is in the working
   * set and its watermark did not move while the count ran (a listComments call meanwhile).
   */
  countStands(plan: CheckPlan, pageId: string): boolean {
    const state = this.pages.get(pageId);
    if (state === undefined || !plan.plannedWatermarks.has(pageId))
      return false;
    const planned = plan.plannedWatermarks.get(pageId);
    return (
      state.watermark === planned &&
      !(planned === undefined && this.baseline !== plan.plannedBaseline)
    );
  }

  /**
   * Another call of the session, on any instance, reported or read the page's comments up to
   * `watermark` (database time) first: the page continues from there.
   */
  adoptStoredWatermark(pageId: string, watermark: string): void {
    const state = this.pages.get(pageId);
    if (state !== undefined) state.watermark = { database: watermark };
  }

  /**
   * This call claimed the page's news up to `latest` (database time) although a listing of the
   * session moved its watermark while the count ran: it keeps the later of the two, so what
   * the claim reports is never counted again.
   */
  advanceToClaimed(pageId: string, latest: string, clock: ClockReading): void {
    const state = this.pages.get(pageId);
    if (state !== undefined)
      state.watermark = laterWatermark(state.watermark, latest, clock);
  }

  /**
   * Applies what the check found: each page with news advances to the newest comment counted
   * (not to "now", so a comment committed meanwhile is still news next time) and is reported
   * once. Pages whose watermark moved while the check ran (a listComments call) are skipped.
   */
  completeCheck(
    plan: CheckPlan,
    results: readonly CommentCountResult[],
    failed: boolean,
    now: number,
    initialBackoffMs: number,
    maxBackoffMs: number,
  ): PageCommentNews[] {
    this.checking = false;
    if (failed) {
      this.failures += 1;
      this.backoffUntil =
        now +
        Math.min(
          maxBackoffMs,
          initialBackoffMs * 2 ** Math.min(this.failures - 1, 30),
        );
      for (const pageId of plan.forcedPages)
        if (this.pages.has(pageId)) this.forcedPages.add(pageId);
    } else {
      this.failures = 0;
    }
    const baselineMoved = this.baseline !== plan.plannedBaseline;
    const resolvedBaseline = results[0]?.baseline;
    if (resolvedBaseline !== undefined && !baselineMoved) {
      this.baseline = { database: resolvedBaseline };
      this.previousTurnPending = false;
    }
    const news: PageCommentNews[] = [];
    for (const result of results) {
      for (const page of result.pages) {
        const state = this.pages.get(page.pageId);
        if (
          state === undefined ||
          page.count <= 0 ||
          !plan.plannedWatermarks.has(page.pageId)
        )
          continue;
        const planned = plan.plannedWatermarks.get(page.pageId);
        if (
          state.watermark !== planned ||
          (planned === undefined && baselineMoved)
        )
          continue;
        state.watermark = { database: page.latest };
        news.push({
          pageId: page.pageId,
          title: page.title,
          count: page.count,
        });
      }
    }
    return news;
  }
}
