import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  COMMENT_SIGNAL_DEFAULTS,
  type CommentSignalOptions,
  COMMENT_SIGNAL_OPTIONS,
  CommentSignalInterceptor,
} from '../comment-signal';
import { errorMessage, isUuid } from '../ground';
import type { DB } from '../database';
import { KYSELY } from '../database/kysely.token';
import type { ToolCallContext } from '../registry/tool-call-context';
import { createDatabaseMcpSessionStore } from './database-mcp-session-store';
import { readMcpSwitch } from './mcp-switch';
import {
  MCP_SESSION_OPTIONS,
  resolveMcpSessionLimits,
  type McpSessionLimits,
  type McpSessionOptions,
} from './mcp-session-options';
import type {
  McpSessionCaller,
  McpSessionStore,
  StoredMcpSession,
} from './mcp-session-store';

/** An MCP session's tool-call context: the session is known. */
export type McpSessionContext = ToolCallContext & {
  readonly surface: 'mcp';
};

/**
 * MCP sessions that any instance of the host can serve: a session is a row in PostgreSQL, not
 * an object in the process that answered `initialize`, so an MCP route can be stateless (a new
 * MCP server and transport per request) behind a load balancer. Finding a request's session is
 * one round trip, and it brings the comment signal's state along: the signal then merges it
 * with its own and writes it back after a call that changed it, before the result returns;
 * news a count found is claimed in the session's row first, so of two calls of one session
 * running at once, on any instances, exactly one reports a comment.
 */
@Injectable()
export class McpSessionsService implements OnModuleInit, OnModuleDestroy {
  readonly limits: McpSessionLimits;
  private readonly store: McpSessionStore;
  private readonly logger = new Logger('McpSessions');
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(KYSELY) private readonly db: Kysely<DB>,
    @Optional()
    @Inject(MCP_SESSION_OPTIONS)
    options: McpSessionOptions | undefined,
    // Explicit token: a union type is emitted as Object, which Nest cannot resolve.
    @Optional()
    @Inject(CommentSignalInterceptor)
    private readonly commentSignal: CommentSignalInterceptor | undefined,
    @Optional()
    @Inject(COMMENT_SIGNAL_OPTIONS)
    commentSignalOptions: CommentSignalOptions | undefined,
  ) {
    this.limits = resolveMcpSessionLimits(options);
    this.store = createDatabaseMcpSessionStore(db, {
      maxSessionsPerUser: this.limits.maxSessionsPerUser,
      idleTimeoutMs: this.limits.idleTimeoutMs,
      // The signal's own working-set limit, so the store keeps what a session holds.
      maxWorkingSetPages:
        commentSignalOptions?.maxWorkingSetPages ??
        COMMENT_SIGNAL_DEFAULTS.maxWorkingSetPages,
    });
  }

  onModuleInit(): void {
    this.sweepTimer = setInterval(() => {
      this.store.closeIdle().then(
        (closed) =>
          closed > 0 && this.logger.log(`closed ${closed} idle MCP session(s)`),
        (error: unknown) =>
          this.logger.warn(
            `closing idle MCP sessions failed: ${errorMessage(error)}`,
          ),
      );
    }, this.limits.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  /**
   * Whether the caller's workspace has Docmost's MCP switch on (`settings.ai.mcp === true`). An
   * MCP route asks it first on every request, as Docmost's `/mcp` does, and answers
   * `MCP_DISABLED_STATUS` with `MCP_DISABLED_BODY` when it is off: turning the switch off stops
   * every open session too.
   */
  isMcpEnabled(
    caller: Pick<McpSessionCaller, 'workspaceId'>,
  ): Promise<boolean> {
    return readMcpSwitch(this.db, caller.workspaceId);
  }

  /** Opens a session for `caller` (MCP `initialize`): its id and the context of its calls. */
  async open(caller: McpSessionCaller): Promise<McpSessionContext> {
    const sessionId = randomUUID();
    const stored = await this.store.open(sessionId, caller);
    return this.contextOf(sessionId, caller, stored);
  }

  /**
   * The context of a request of session `sessionId` by `caller`, on any instance; undefined
   * when the session is unknown, idle, closed or another user's (the same answer for all, so
   * ids cannot be probed).
   */
  async resume(
    sessionId: string,
    caller: McpSessionCaller,
  ): Promise<McpSessionContext | undefined> {
    if (!isUuid(sessionId)) return undefined;
    const stored = await this.store.find(sessionId, caller);
    return stored === undefined
      ? undefined
      : this.contextOf(sessionId, caller, stored);
  }

  /** Ends the caller's session (MCP `DELETE`); false when it had none with this id. */
  async close(sessionId: string, caller: McpSessionCaller): Promise<boolean> {
    return isUuid(sessionId) ? this.store.close(sessionId, caller) : false;
  }

  /** Deletes the sessions that went idle now rather than at the next sweep; returns how many. */
  closeIdle(): Promise<number> {
    return this.store.closeIdle();
  }

  private contextOf(
    sessionId: string,
    caller: McpSessionCaller,
    stored: StoredMcpSession,
  ): McpSessionContext {
    const context: McpSessionContext = {
      userId: caller.userId,
      workspaceId: caller.workspaceId,
      surface: 'mcp',
      sessionId,
      sessionStartedAt: new Date(stored.startedAt),
    };
    this.commentSignal?.open(
      context,
      { pages: stored.commentPages, since: stored.startedAt },
      {
        save: (pages) => this.store.saveCommentPages(sessionId, caller, pages),
        claim: (pages, claims) =>
          this.store.claimCommentPages(sessionId, caller, pages, claims),
        embeddedClaim: (pages, { stateChanged }) =>
          this.store.embeddedClaim(sessionId, caller, pages, stateChanged),
      },
    );
    return context;
  }
}
