import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { ToolInterceptor, ToolInvocation, ToolOutcome } from '../registry/tool-interceptor';
import { CommentCheckTimeoutError } from './comment-check-timeout-error';
import { resolveCommentSignalOptions, type CommentSignalOptions, type ResolvedCommentSignalOptions } from './comment-signal-options';
import { CommentSignalSession, type CheckPlan } from './comment-signal-session';
import type { CommentCountResult, CommentSignalSource } from './comment-signal-source';
import { createDatabaseCommentSource } from './database-comment-source';
import { isUuid } from './is-uuid';
import { findResultPageReferences, pageIdsInInput } from './page-references';
import { formatCommentSignal } from './signal-text';

/** Their results cover comments already: calling them advances the watermark. */
const LISTS_PAGE_COMMENTS = 'listComments';
const CHECKS_ALL_COMMENTS = 'checkNewComments';

/** Nest injection token of the options `CommentSignalInterceptor` is built from. */
export const COMMENT_SIGNAL_OPTIONS = Symbol('COMMENT_SIGNAL_OPTIONS');

function sessionKey(context: ToolCallContext): string {
  // Scoped by user and workspace too: a session id reused by another caller gets no state.
  return JSON.stringify([context.surface, context.workspaceId, context.userId, context.sessionId]);
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CommentCheckTimeoutError(timeoutMs)), timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

class CommentSignal {
  private readonly sessions: LRUCache<string, CommentSignalSession>;

  constructor(private readonly options: ResolvedCommentSignalOptions) {
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
    return signal === undefined ? outcome : { output: outcome.output, notices: [...outcome.notices, signal] };
  };

  private session(context: ToolCallContext, startedAt: number): CommentSignalSession {
    const key = sessionKey(context);
    const existing = this.sessions.get(key);
    if (existing !== undefined) return existing;
    // The host's session start is wall-clock time; only how long ago it was carries over to the
    // monotonic clock (and to the database as "N ms ago"), so clock skew cannot lose comments.
    const sinceSessionStart = context.sessionStartedAt ? Math.max(0, Date.now() - context.sessionStartedAt.getTime()) : 0;
    const created = new CommentSignalSession(
      startedAt - sinceSessionStart,
      context.surface === 'chat' && isUuid(context.chatId),
      this.options,
    );
    this.sessions.set(key, created);
    return created;
  }

  private async afterCall(invocation: ToolInvocation, outcome: ToolOutcome, startedAt: number): Promise<string | undefined> {
    const { spec, context, input } = invocation;
    if (context.abortSignal?.aborted) return undefined;
    const session = this.session(context, startedAt);
    const inputPageIds = pageIdsInInput(input);
    const references = findResultPageReferences(outcome.output, inputPageIds.length === 1 ? inputPageIds[0] : undefined);
    const touched = [...inputPageIds];
    if (references.pageIds.length <= this.options.maxResultPages) touched.push(...references.pageIds);
    if (isUuid(context.currentPageId)) touched.push(context.currentPageId);
    session.touch(touched);

    if (spec.name === CHECKS_ALL_COMMENTS) session.coverAll(startedAt);
    if (spec.name === LISTS_PAGE_COMMENTS) session.coverPages(inputPageIds.length > 0 ? inputPageIds : references.pageIds, startedAt);
    for (const [pageId, commentIds] of references.commentMarks) session.scanMarks(pageId, commentIds);
    if (this.options.excludedTools.has(spec.name)) return undefined;

    const source = this.options.sources[context.surface];
    const plan = session.planCheck(this.options.clock.now(), source.mode, this.options.debounceMs, this.options.maxPagesPerCheck);
    if (plan === undefined) return undefined;
    const { results, failed } = await this.runCheck(source, plan, context);
    const news = session.completeCheck(plan, results, failed, this.options.clock.now(), this.options.initialBackoffMs, this.options.maxBackoffMs);
    return news.length === 0 ? undefined : formatCommentSignal(news, context.surface);
  }

  /** All requests of a plan at once, under one time budget; a failure is reported, never thrown. */
  private async runCheck(
    source: CommentSignalSource,
    plan: CheckPlan,
    context: ToolCallContext,
  ): Promise<{ results: CommentCountResult[]; failed: boolean }> {
    const chatId = context.surface === 'chat' && isUuid(context.chatId) ? context.chatId : undefined;
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
            }),
          ),
          this.options.timeoutMs,
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
    return { results, failed };
  }
}

function resolve(options: CommentSignalOptions): ResolvedCommentSignalOptions {
  return resolveCommentSignalOptions(options, (db, mode, statementTimeoutMs) => createDatabaseCommentSource(db, { mode, statementTimeoutMs, visiblePage: options.visiblePage }));
}

/**
 * The comment signal as a tool interceptor: after each tool call it may append one notice,
 * `[signal] new comments: N on page <id> ("<title>") — call listComments(pageId) for details`,
 * when humans commented on pages the session works on. Without news the outcome is returned
 * untouched (the same object), and nothing here can fail or noticeably delay a tool call.
 */
export function createCommentSignalInterceptor(options: CommentSignalOptions): ToolInterceptor {
  return new CommentSignal(resolve(options)).intercept;
}

/** The same interceptor for Nest: provide `COMMENT_SIGNAL_OPTIONS` and register `intercept`. */
@Injectable()
export class CommentSignalInterceptor {
  readonly intercept: ToolInterceptor;

  constructor(@Inject(COMMENT_SIGNAL_OPTIONS) options: CommentSignalOptions) {
    this.intercept = createCommentSignalInterceptor(options);
  }
}
