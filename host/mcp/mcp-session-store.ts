import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One MCP session: its server (tools bound to the session's user) and HTTP transport. */
export interface McpSession {
  readonly id: string;
  /** The only user whose requests may use this session. */
  readonly userId: string;
  readonly server: McpServer;
  readonly transport: StreamableHTTPServerTransport;
}

export interface McpSessionLimits {
  /** Open sessions across all users; the least recently used one is closed beyond it. */
  readonly maxSessions: number;
  /** Open sessions of one user; that user's least recently used one is closed beyond it. */
  readonly maxSessionsPerUser: number;
  /** A session unused for this long is closed by `closeIdle`. */
  readonly idleTimeoutMs: number;
}

/**
 * The open MCP sessions, bounded: clients that never send DELETE (most of them) cannot make the
 * host hold servers forever, and one user opening sessions in a loop only evicts their own.
 * Map order is recency order: a use moves the session to the end.
 */
export class McpSessionStore {
  private readonly sessions = new Map<
    string,
    { session: McpSession; lastUsedAt: number }
  >();

  constructor(
    private readonly limits: McpSessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Adds a session that just completed `initialize`, closing sessions beyond the limits. */
  async add(session: McpSession): Promise<void> {
    this.sessions.set(session.id, { session, lastUsedAt: this.now() });
    const ofUser = [...this.sessions.values()].filter(
      (entry) => entry.session.userId === session.userId,
    );
    const evicted: McpSession[] = ofUser
      .slice(0, Math.max(0, ofUser.length - this.limits.maxSessionsPerUser))
      .map((entry) => entry.session);
    const remaining = this.sessions.size - evicted.length;
    const others = [...this.sessions.values()]
      .map((entry) => entry.session)
      .filter((candidate) => !evicted.includes(candidate));
    evicted.push(
      ...others.slice(0, Math.max(0, remaining - this.limits.maxSessions)),
    );
    await Promise.all(evicted.map((old) => this.close(old.id)));
  }

  /**
   * The session with this id if it belongs to `userId`, marked as used. Another user's session
   * is reported as absent, exactly like an unknown id, so ids cannot be probed.
   */
  use(sessionId: string, userId: string): McpSession | undefined {
    const entry = this.sessions.get(sessionId);
    if (entry === undefined || entry.session.userId !== userId)
      return undefined;
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, {
      session: entry.session,
      lastUsedAt: this.now(),
    });
    return entry.session;
  }

  /** Forgets the session and closes its server and transport; unknown ids are ignored. */
  async close(sessionId: string): Promise<void> {
    const entry = this.sessions.get(sessionId);
    if (entry === undefined) return;
    this.sessions.delete(sessionId);
    await entry.session.server.close();
  }

  /** Closes every session unused for longer than the idle timeout; returns how many. */
  async closeIdle(): Promise<number> {
    const cutoff = this.now() - this.limits.idleTimeoutMs;
    const idle = [...this.sessions.values()]
      .filter((entry) => entry.lastUsedAt < cutoff)
      .map((entry) => entry.session.id);
    await Promise.all(idle.map((sessionId) => this.close(sessionId)));
    return idle.length;
  }

  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.sessions.keys()].map((sessionId) => this.close(sessionId)),
    );
  }
}
