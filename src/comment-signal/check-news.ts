import type { ToolCallContext } from '../registry/tool-call-context';
import { isUuid, withTimeout } from '../ground';
import { CommentCheckTimeoutError } from './comment-check-timeout-error';
import type { ResolvedCommentSignalOptions } from './comment-signal-options';
import type {
  CheckPlan,
  CommentCountResult,
  CommentSignalSession,
  CommentSignalSource,
  EmbeddedCommentClaim,
  PersistedSession,
} from './session';
import { formatCommentSignal, type PageCommentNews } from './text';

/** The call whose session is checked. */
export interface CheckedCall {
  readonly session: CommentSignalSession;
  readonly context: ToolCallContext;
  /** Where the session's state is stored, for a session any instance may serve (an MCP session). */
  readonly persisted: PersistedSession | undefined;
  /** Writes the session's state to its store when the call changed it; never rejects. */
  readonly persist: () => Promise<void>;
}

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

/**
 * The checking half of a call (the observing half is `observeCall`): when the session's pages
 * are due, counts their new comments (claiming them first for a stored session) and returns
 * the `[signal]` line for the news, if any.
 */
export async function checkNews(
  call: CheckedCall,
  options: ResolvedCommentSignalOptions,
): Promise<string | undefined> {
  const { session, context, persisted } = call;
  const source = options.sources[context.surface];
  const plan = session.planCheck(
    options.clock.now(),
    source.mode,
    options.debounceMs,
    options.maxPagesPerCheck,
  );
  if (plan === undefined) return undefined;
  // A stored session's state rides on the count's own statement when the source embeds it
  // (no statement of its own); otherwise a page that joined the working set is written while
  // the count runs, so the call waits for one round trip, not two.
  const embedded =
    persisted !== undefined && source.embedsClaims === true
      ? persisted.store.embeddedClaim?.(session.carry(options.clock.now()), {
          stateChanged: session.storedShape() !== persisted.shape,
        })
      : undefined;
  const written = embedded === undefined ? call.persist() : undefined;
  const check = await runCheck(source, plan, context, embedded, options);
  await written;
  const { reportable, claimedAway, stored } = await claimNews(
    call,
    plan,
    check,
    options,
  );
  const news = session.completeCheck(
    plan,
    reportable,
    check.failed,
    options.clock.now(),
    options.initialBackoffMs,
    options.maxBackoffMs,
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
 * For a stored session, the count's news this call may report: each page with news is
 * claimed in the store, with the session's state in the same statement (in the count's own
 * statement when the source embeds it, else in one after the count), and only the pages won
 * are reported; a page another call claimed first continues from the stored watermark. When
 * the claim fails nothing is reported and no watermark moves, so the next count finds the
 * news again: a comment is never reported twice, and never dropped.
 */
async function claimNews(
  call: CheckedCall,
  plan: CheckPlan,
  check: CheckResults,
  options: ResolvedCommentSignalOptions,
): Promise<ClaimedNews> {
  const { session, persisted, context } = call;
  if (persisted === undefined)
    return { reportable: check.results, claimedAway: [], stored: false };
  const clock = { local: options.clock.now(), wall: Date.now() };
  const outcomes = check.results.flatMap((result) => result.claimed ?? []);
  const claims = check.results.flatMap((result) =>
    result.claimed !== undefined
      ? []
      : result.pages
          .filter(
            (page) => page.count > 0 && session.countStands(plan, page.pageId),
          )
          .map(({ pageId, after, latest }) => ({ pageId, after, latest })),
  );
  let storedAfter = check.embedded && !check.failed;
  if (claims.length > 0) {
    try {
      // The state before the news: a page this call loses must not move past its stored watermark.
      outcomes.push(
        ...(await persisted.store.claim(
          session.carry(options.clock.now()),
          claims,
        )),
      );
      storedAfter = true;
    } catch (error) {
      options.onCheckFailed(error, context);
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

/** All requests of a plan at once, under one time budget; a failure is reported, never thrown. */
async function runCheck(
  source: CommentSignalSource,
  plan: CheckPlan,
  context: ToolCallContext,
  claim: EmbeddedCommentClaim | undefined,
  options: ResolvedCommentSignalOptions,
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
            previousTurnOfChatId: plan.resolvePreviousTurn ? chatId : undefined,
            agent: { chatId, userId: context.userId },
            ...(claim === undefined ? {} : { claim }),
          }),
        ),
        options.timeoutMs,
        () => new CommentCheckTimeoutError(options.timeoutMs),
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
      options.onCheckFailed(outcome.reason, context);
    }
  }
  return { results, failed, embedded: claim !== undefined };
}
