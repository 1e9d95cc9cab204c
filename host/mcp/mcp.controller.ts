import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  InjectToolRegistry,
  MCP_DISABLED_BODY,
  MCP_DISABLED_STATUS,
  McpSessionsService,
  type McpSessionContext,
  type ToolRegistry,
} from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { createMcpServer } from './create-mcp-server';

const SESSION_HEADER = 'mcp-session-id';

/** JSON-RPC error codes the MCP SDK's own transport uses for the same situations. */
const BAD_REQUEST = -32000;
const SESSION_NOT_FOUND = -32001;

function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers[SESSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function sendJsonRpcError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
): void {
  void reply
    .status(status)
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

function sessionNotFound(reply: FastifyReply): void {
  sendJsonRpcError(
    reply,
    404,
    SESSION_NOT_FOUND,
    'Session not found: it expired, was closed or belongs to another user; start a new one with initialize',
  );
}

/**
 * `POST /mcp` and `DELETE /mcp`: the MCP server over Streamable HTTP, served by any instance.
 * The global bearer guard authenticates every request; then, as Docmost's own `/mcp`, every
 * request is refused with 403 `{ error: 'MCP is disabled for this workspace' }` while the
 * workspace's MCP switch (`settings.ai.mcp`) is off, open sessions included. `initialize` opens a session for the
 * caller (a row in PostgreSQL, `McpSessionsService`), later requests name it in
 * `Mcp-Session-Id` and are served wherever they land: each request gets its own MCP server and
 * stateless transport, with the session's context (its user, its id, when it began) and the
 * comment signal's state loaded in the one query that finds the session. A session only ever
 * serves the user who opened it. The SDK's transport writes the raw response (JSON or an SSE
 * stream), so the reply is hijacked from Fastify once a request is handed to it.
 */
@Controller('mcp')
export class McpController {
  constructor(
    private readonly sessions: McpSessionsService,
    @InjectToolRegistry() private readonly registry: ToolRegistry,
  ) {}

  /** JSON-RPC messages from the client: `initialize` without a session id, the rest with one. */
  @Post()
  async post(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    if (await this.refusedBySwitch(user, reply)) return;
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) {
      if (!isInitializeRequest(request.body)) {
        return sendJsonRpcError(
          reply,
          400,
          BAD_REQUEST,
          `Bad Request: no ${SESSION_HEADER} header; start a session with an initialize request, then send its id in ${SESSION_HEADER}`,
        );
      }
      const context = await this.sessions.open(user);
      reply.raw.setHeader(SESSION_HEADER, context.sessionId);
      return this.serve(context, request, reply);
    }
    const context = await this.sessions.resume(sessionId, user);
    if (context === undefined) return sessionNotFound(reply);
    return this.serve(context, request, reply);
  }

  /**
   * No server-to-client stream: every response travels on its own POST (the tools send no
   * unsolicited messages), so a stream would tie a client to one instance for nothing.
   */
  @Get()
  async stream(
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    if (await this.refusedBySwitch(user, reply)) return;
    void reply
      .status(405)
      .header('allow', 'POST, DELETE')
      .send({
        jsonrpc: '2.0',
        error: {
          code: BAD_REQUEST,
          message:
            'Method not allowed: this server sends every response on its POST; there is no GET stream',
        },
        id: null,
      });
  }

  /** Ends a session, on whichever instance opened it. */
  @Delete()
  async end(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    if (await this.refusedBySwitch(user, reply)) return;
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) {
      return sendJsonRpcError(
        reply,
        400,
        BAD_REQUEST,
        `Bad Request: the ${SESSION_HEADER} header is required`,
      );
    }
    if (!(await this.sessions.close(sessionId, user)))
      return sessionNotFound(reply);
    void reply.status(200).send();
  }

  /** Docmost's MCP switch: answered as Docmost's `/mcp` answers while it is off. */
  private async refusedBySwitch(
    user: AuthenticatedUser,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (await this.sessions.isMcpEnabled(user)) return false;
    void reply.status(MCP_DISABLED_STATUS).send(MCP_DISABLED_BODY);
    return true;
  }

  /** One request on a server of its own, closed once the response has been written. */
  private async serve(
    context: McpSessionContext,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const server = createMcpServer({ registry: this.registry, context });
    // One JSON response per request: the tools send no progress or other messages mid-call,
    // so a stream would carry nothing more.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    reply.raw.once('close', () => void server.close());
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }
}
