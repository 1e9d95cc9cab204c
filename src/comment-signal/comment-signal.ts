import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ToolCallContext } from '../registry/tool-call-context';
import type {
  ToolInterceptor,
  ToolInvocation,
  ToolOutcome,
} from '../registry/tool-interceptor';
import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from './carried-comment-pages';
import type {
  CommentSignalSessionStore,
  PersistedSession,
  StoredCommentSignalSession,
} from './stored-comment-signal-session';
import type { EmbeddedCommentClaim } from './comment-claim';
import { isUuid, withTimeout } from '../ground';
import { CommentCheckTimeoutError } from './comment-check-timeout-error';
import {
  resolveCommentSignalOptions,
  type CommentSignalOptions,
  type ResolvedCommentSignalOptions,
} from './comment-signal-options';
import { CommentSignalSession, type CheckPlan } from './comment-signal-session';
import type {
  CommentCountResult,
  CommentSignalSource,
} from './comment-signal-source';
import type { DB } from '../database';
import { openCommentCountDatabase } from './comment-count-database';
import { createDatabaseCommentSource } from './database-comment-source';
import {
  findResultPageReferences,
  pageIdsInInput,
  resultCanNamePages,
  type ResultPageReferences,
} from './page-references';
import {
  asCheckedRange,
  CHECKS_NEW_COMMENTS,
  isCompleteListing,
  LISTS_PAGE_COMMENTS,
} from './comment-reading-results';
import { formatCommentSignal, type PageCommentNews } from './signal-text';

/** What a check's requests returned. */
interface CheckResults {
  readonly results: readonly CommentCountResult[];
  /** A request failed or ran past the budget. */
  readonly failed: boolean;
  /** The requests carried a stored session's claim (`EmbeddedCommentClaim`). */
  readonly embedded: boolean;
}

/** The news a stored session may report, and whether its state is stored. */
interface ClaimedNews {
  readonly reportable: readonly CommentCountResult[];
  /** Won pages a listing moved meanwhile: reported here, completeCheck skips them. */
  readonly claimedAway: readonly PageCommentNews[];
  readonly stored: boolean;
}

const NO_REFERENCES: ResultPageReferences = {
  pageIds: [],
  commentMarks: new Map(),
};

/** Nest injection token of the options `CommentSignalInterceptor` is built from. */

function sessionKey(context: ToolCallContext): string {
  // Scoped by user and workspace too: a session id reused by another caller gets no state.
  return JSON.stringify([
    context.surface,
    context.workspaceId,
    context.userId,
    context.sessionId,
  ]);
}

export class CommentSignal {
  private readonly sessions: LRUCache<string, CommentSignalSession>;
  /** Sessions whose state lives in a store shared by every instance (MCP sessions). */
  private readonly persisted = new WeakMap<
    CommentSignalSession,
    PersistedSession
  >();

  /** `countDatabase`: the count pool this signal opened (from `countConnection`); `close` closes it. */
  constructor(
    private readonly options: ResolvedCommentSignalOptions,
    private readonly countDatabase?: Kysely<DB>,
  ) {
    this.sessions = new LRUCache({
      max: options.maxSessions,
      ttl: options.sessionIdleTtlMs,
      updateAgeOnGet: true,
      // Read the clock on every access: a cached "now" would let a session outlive its TTL.
      ttlResolution: 0,
      perf: options.clock,
    });
  }

  readonly intercept: ToolInterceptor = async (invocation, next) => {
    const startedAt = this.options.clock.now();
    const outcome = await next();
    let signal: string | undefined;
    try {
      signal = await this.afterCall(invocation, outcome, startedAt);
    } catch (error) {
      // The signal is a courtesy: nothing in it may fail a tool call that succeeded.
      this.options.onCheckFailed(error, invocation.context);
    }
    try {
      await this.persist(invocation.context);
    } catch (error) {
      this.options.onCheckFailed(error, invocation.context);
    }
    return signal === undefined
      ? outcome
      : { output: outcome.output, notices: [...outcome.notices, signal] };
  };

  /**
   * Brings the session of `context` up to date with the state its surface kept (the one way
   * the signal's state comes in, on every surface): a chat's memory before a turn's first tool
   * call, an MCP session's row before each request's call. Stored and in-memory progress merge
   * (the later watermark of each page wins). A session without `store` keeps its progress in
   * this process until `carry` hands it on (a chat turn's end). With `store` (a session that
   * any instance may serve, an MCP session behind a load balancer), after each call that
   * changed what a store keeps, `store` takes it back before the call returns, so the next
   * call, on whichever instance, neither reports a comment again nor misses one; and news is
   * reported only once `store` granted its claim: of concurrent calls that counted the same
   * comment, on one instance or several, exactly one reports it.
   */
  open(
    context: ToolCallContext,
    stored: StoredCommentSignalSession,
    store?: CommentSignalSessionStore,
  ): void {
    const now = this.options.clock.now();
    const session = this.session(context, now);
    session.absorb(
      stored,
      now,
      { local: now, wall: Date.now() },
      store !== undefined,
    );
    if (store !== undefined)
      this.persisted.set(session, { store, shape: session.storedShape() });
  }

  /**
   * The session's state to hand on (a chat turn's, to the chat's next turn, through its
   * memory); the session is forgotten. Empty when it made no call.
   */
  carry(context: ToolCallContext): OutgoingCommentPage[] {
    const key = sessionKey(context);
    const session = this.sessions.get(key);
    this.sessions.delete(key);
    return session === undefined ? [] : session.carry(this.options.clock.now());
  }

  /** Closes the count pool this signal opened, if any; the host's database is left alone. */
  async close(): Promise<void> {
    await this.countDatabase?.destroy();
  }

  private session(
    context: ToolCallContext,
    startedAt: number,
  ): CommentSignalSession {
    const key = sessionKey(context);
    const existing = this.sessions.get(key);
    if (existing !== undefined) return existing;
    // The host's session start is wall-clock time; only how long ago it was carries over to the
    // monotonic clock (and to the database as "N ms ago"), so clock skew cannot lose comments.
    const sinceSessionStart = context.sessionStartedAt
      ? Math.max(0, Date.now() - context.sessionStartedAt.getTime())
      : 0;
    const created = new CommentSignalSession(
      startedAt - sinceSessionStart,
      context.surface === 'chat' && isUuid(context.chatId),
      this.options,
    );
    this.sessions.set(key, created);
    return created;
  }

  /** Writes a stored session back when the call changed what its store keeps. */
  private async persist(context: ToolCallContext): Promise<void> {
    const session = this.sessions.peek(sessionKey(context));
    const persisted = session && this.persisted.get(session);
    if (session === undefined || persisted === undefined) return;
    const shape = session.storedShape();
    if (shape === persisted.shape) return;
    persisted.shape = shape;
    await persisted.store.save(session.carry(this.options.clock.now()));
  }

  /**
   * For a stored session, the count's news this call may report: each page with news is
   * claimed in the store, with the session's state in the same statement (in the count's own
   * statement when the source embeds it, else in one after the count), and only the pages won
   * are reported; a page another call claimed first continues from the stored watermark. When
   * the claim fails nothing is reported and no watermark moves, so the next count finds the
   * news again: a comment is never reported twice, and never dropped.
   */
  private async claimNews(
    session: CommentSignalSession,
    plan: CheckPlan,
    check: CheckResults,
    context: ToolCallContext,
  ): Promise<ClaimedNews> {
    const persisted = this.persisted.get(session);
    if (persisted === undefined)
      return { reportable: check.results, claimedAway: [], stored: false };
    const clock = { local: this.options.clock.now(), wall: Date.now() };
    const outcomes = check.results.flatMap((result) => result.claimed ?? []);
    const claims = check.results.flatMap((result) =>
      result.claimed !== undefined
        ? []
        : result.pages
            .filter(
              (page) =>
                page.count > 0 && session.countStands(plan, page.pageId),
            )
            .map(({ pageId, after, latest }) => ({ pageId, after, latest })),
    );
    let storedAfter = check.embedded && !check.failed;
    if (claims.length > 0) {
      try {
        // The state before the news: a page this call loses must not move past its stored watermark.
        outcomes.push(
          ...(await persisted.store.claim(
            session.carry(this.options.clock.now()),
            claims,
          )),
        );
        storedAfter = true;
      } catch (error) {
        this.options.onCheckFailed(error, context);
        storedAfter = false;
      }
    }
    const won = new Set<string>();
    for (const page of outcomes) {
      if (page.won) won.add(page.pageId);
      else session.adoptStoredWatermark(page.pageId, page.watermark);
    }
    const claimedAway: PageCommentNews[] = [];
    for (const result of check.results) {
      for (const page of result.pages) {
        // Claimed in the count's statement although a listing moved the page meanwhile: the
        // claim stands, so this call reports it (completeCheck would skip the page).
        if (!won.has(page.pageId) || session.countStands(plan, page.pageId))
          continue;
        session.advanceToClaimed(page.pageId, page.latest, clock);
        claimedAway.push({
          pageId: page.pageId,
          title: page.title,
          count: page.count,
        });
      }
    }
    return {
      reportable: check.results.map((result) => ({
        ...result,
        pages: result.pages.filter((page) => won.has(page.pageId)),
      })),
      claimedAway,
      stored: storedAfter,
    };
  }

  private async afterCall(
    invocation: ToolInvocation,
    outcome: ToolOutcome,
    startedAt: number,
  ): Promise<string | undefined> {
    const { spec, context, input } = invocation;
    if (context.abortSignal?.aborted) return undefined;
    const session = this.session(context, startedAt);
    const inputPageIds = pageIdsInInput(input);
    const references = resultCanNamePages(spec.name)
      ? findResultPageReferences(
          outcome.output,
          inputPageIds.length === 1 ? inputPageIds[0] : undefined,
          { maxPageIds: this.options.maxResultPages },
        )
      : NO_REFERENCES;
    const touched = [...inputPageIds];
    if (references.pageIds.length <= this.options.maxResultPages)
      touched.push(...references.pageIds);
    if (isUuid(context.currentPageId)) touched.push(context.currentPageId);
    session.touch(touched, this.options.clock.now());

    if (spec.name === CHECKS_NEW_COMMENTS)
      await this.coverCheckedRange(
        session,
        invocation,
        outcome.output,
        startedAt,
      );
    if (
      spec.name === LISTS_PAGE_COMMENTS &&
      isCompleteListing(outcome.output, input)
    ) {
      session.coverPages(
        inputPageIds.length > 0 ? inputPageIds : references.pageIds,
        startedAt,
      );
    }
    for (const [pageId, commentIds] of references.commentMarks)
      session.scanMarks(pageId, commentIds);
    if (this.options.excludedTools.has(spec.name)) return undefined;

    const source = this.options.sources[context.surface];
    const plan = session.planCheck(
      this.options.clock.now(),
      source.mode,
      this.options.debounceMs,
      this.options.maxPagesPerCheck,
    );
    if (plan === undefined) return undefined;
    const persisted = this.persisted.get(session);
    // A stored session's state rides on the count's own statement when the source embeds it
    // (no statement of its own); otherwise a page that joined the working set is written while
    // the count runs, so the call waits for one round trip, not two.
    const embedded =
      persisted !== undefined && source.embedsClaims === true
        ? persisted.store.embeddedClaim?.(
            session.carry(this.options.clock.now()),
            { stateChanged: session.storedShape() !== persisted.shape },
          )
        : undefined;
    const written =
      embedded === undefined
        ? this.persist(context).catch((error: unknown) =>
            this.options.onCheckFailed(error, context),
          )
        : undefined;
    const check = await this.runCheck(source, plan, context, embedded);
    await written;
    const { reportable, claimedAway, stored } = await this.claimNews(
      session,
      plan,
      check,
      context,
    );
    const news = session.completeCheck(
      plan,
      reportable,
      check.failed,
      this.options.clock.now(),
      this.options.initialBackoffMs,
      this.options.maxBackoffMs,
    );
    news.push(...claimedAway);
    // The claim stored the state with the won watermarks and took the lost ones: nothing left to write.
    if (stored && persisted !== undefined)
      persisted.shape = session.storedShape();
    return news.length === 0
      ? undefined
      : formatCommentSignal(news, context.surface);
  }

  /**
   * A complete `checkNewComments` result read every comment after its `since` on the pages it
   * covered: the one page it was scoped to, or the working-set pages of its space. A truncated
   * result covered nothing for sure, so nothing advances.
   */
  private async coverCheckedRange(
    session: CommentSignalSession,
    invocation: ToolInvocation,
    output: unknown,
    startedAt: number,
  ): Promise<void> {
    const range = asCheckedRange(output);
    if (range === undefined || range.truncated) return;
    const { context, input } = invocation;
    const scopedPageId = (input as { pageId?: unknown } | null)?.pageId;
    let covered: readonly string[];
    if (scopedPageId !== undefined) {
      // A slug id cannot be matched with the working set's uuids: nothing advances.
      covered =
        typeof scopedPageId === 'string' && isUuid(scopedPageId)
          ? [scopedPageId]
          : [];
    } else {
      const source = this.options.sources[context.surface];
      const workingSet = session.pageIds();
      if (
        source.pagesInSpace === undefined ||
        workingSet.length === 0 ||
        !isUuid(range.spaceId)
      )
        return;
      covered = await withTimeout(
        source.pagesInSpace({
          workspaceId: context.workspaceId,
          spaceId: range.spaceId,
          pageIds: workingSet,
        }),
        this.options.timeoutMs,
        () => new CommentCheckTimeoutError(this.options.timeoutMs),
      );
    }
    session.coverRange(covered, Date.parse(range.since), startedAt, {
      local: this.options.clock.now(),
      wall: Date.now(),
    });
  }

  /** All requests of a plan at once, under one time budget; a failure is reported, never thrown. */
  private async runCheck(
    source: CommentSignalSource,
    plan: CheckPlan,
    context: ToolCallContext,
    claim: EmbeddedCommentClaim | undefined,
  ): Promise<CheckResults> {
    const chatId =
      context.surface === 'chat' && isUuid(context.chatId)
        ? context.chatId
        : undefined;
    const settled = await Promise.allSettled(
      plan.pageGroups.map((pages) =>
        withTimeout(
          Promise.resolve().then(() =>
            source.countNewComments({
              workspaceId: context.workspaceId,
              userId: context.userId,
              pages,
              baseline: plan.baseline,
              previousTurnOfChatId: plan.resolvePreviousTurn
                ? chatId
                : undefined,
              agent: { chatId, userId: context.userId },
              ...(claim === undefined ? {} : { claim }),
            }),
          ),
          this.options.timeoutMs,
          () => new CommentCheckTimeoutError(this.options.timeoutMs),
        ),
      ),
    );
    const results: CommentCountResult[] = [];
    let failed = false;
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') {
        results.push(outcome.value);
      } else {
        failed = true;
        this.options.onCheckFailed(outcome.reason, context);
      }
    }
    return { results, failed, embedded: claim !== undefined };
  }
}
