import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../database';
import { sessionKeyOf, type ToolCallContext } from '../registry';
import type { ToolInterceptor, ToolInvocation, ToolOutcome } from '../registry';
import { checkNews } from './check-news';
import type { ResolvedCommentSignalOptions } from './comment-signal-options';
import { isUuid } from '../ground';
import { observeCall } from './observe-call';
import {
  CommentSignalSession,
  type CommentSignalSessionStore,
  type OutgoingCommentPage,
  type PersistedSession,
  type StoredCommentSignalSession,
} from './session';

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
    const key = sessionKeyOf(context);
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
    const key = sessionKeyOf(context);
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
    const session = this.sessions.peek(sessionKeyOf(context));
    const persisted = session && this.persisted.get(session);
    if (session === undefined || persisted === undefined) return;
    const shape = session.storedShape();
    if (shape === persisted.shape) return;
    persisted.shape = shape;
    await persisted.store.save(session.carry(this.options.clock.now()));
  }

  /** What a call tells the session (`observeCall`), then the news it may report (`checkNews`). */
  private async afterCall(
    invocation: ToolInvocation,
    outcome: ToolOutcome,
    startedAt: number,
  ): Promise<string | undefined> {
    const { spec, context } = invocation;
    if (context.abortSignal?.aborted) return undefined;
    const session = this.session(context, startedAt);
    await observeCall(session, invocation, outcome, startedAt, this.options);
    if (this.options.excludedTools.has(spec.name)) return undefined;
    return checkNews(
      {
        session,
        context,
        persisted: this.persisted.get(session),
        persist: () =>
          this.persist(context).catch((error: unknown) =>
            this.options.onCheckFailed(error, context),
          ),
      },
      this.options,
    );
  }
}
