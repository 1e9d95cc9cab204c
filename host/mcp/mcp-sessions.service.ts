import { randomUUID } from 'node:crypto';
import {
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  type ToolCallContext,
  type ToolRegistry,
  InjectToolRegistry,
} from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { createMcpServer } from './create-mcp-server';
import {
  DEFAULT_MCP_ROUTE_OPTIONS,
  InjectMcpRouteOptions,
  type McpRouteOptions,
} from './mcp-route-options';
import { McpSessionStore, type McpSession } from './mcp-session-store';

/**
 * MCP sessions of the `/mcp` route: one MCP server per session, its tools acting as the user
 * who initialised it, with the session id as the tool calls' `sessionId` (the unit of
 * per-session state such as the comment signal's working set). Idle sessions are swept.
 */
@Injectable()
export class McpSessionsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Mcp');
  private readonly store: McpSessionStore;
  private readonly sweepIntervalMs: number;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    @InjectToolRegistry() private readonly registry: ToolRegistry,
    @InjectMcpRouteOptions() options: McpRouteOptions,
  ) {
    const settings = { ...DEFAULT_MCP_ROUTE_OPTIONS, ...options };
    this.store = new McpSessionStore(settings);
    this.sweepIntervalMs = settings.sweepIntervalMs;
  }

  onModuleInit(): void {
    this.sweepTimer = setInterval(() => {
      this.store.closeIdle().then(
        (closed) =>
          closed > 0 && this.logger.log(`closed ${closed} idle MCP session(s)`),
        (error: unknown) =>
          this.logger.warn(
            `closing idle MCP sessions failed: ${String(error)}`,
          ),
      );
    }, this.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.store.closeAll();
  }

  get openSessions(): number {
    return this.store.size;
  }

  /**
   * A server and transport for a new session of `user`. The session is stored only once the
   * transport has accepted the `initialize` request, so a failed start leaves nothing behind.
   */
  async open(user: AuthenticatedUser): Promise<McpSession> {
    const id = randomUUID();
    const context: ToolCallContext = {
      userId: user.userId,
      workspaceId: user.workspaceId,
      surface: 'mcp',
      sessionId: id,
      sessionStartedAt: new Date(),
    };
    const server = createMcpServer({ registry: this.registry, context });
    const transport: StreamableHTTPServerTransport =
      new StreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        onsessioninitialized: () => this.store.add(session),
        onsessionclosed: () => this.store.close(id),
      });
    const session: McpSession = { id, userId: user.userId, server, transport };
    await server.connect(transport);
    return session;
  }

  /** The caller's session with this id, or undefined (unknown, closed, or another user's). */
  use(sessionId: string, user: AuthenticatedUser): McpSession | undefined {
    return this.store.use(sessionId, user.userId);
  }

  /** Closes a session whose `initialize` was not accepted (it was never stored). */
  async discard(session: McpSession): Promise<void> {
    if (session.transport.sessionId === undefined) await session.server.close();
  }
}
