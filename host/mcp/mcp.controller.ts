import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import type { McpSession } from './mcp-session-store';
import { McpSessionsService } from './mcp-sessions.service';

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

/**
 * `POST /mcp`, `GET /mcp`, `DELETE /mcp`: the MCP server over Streamable HTTP, stateful. The
 * global bearer guard authenticates every request; `initialize` opens a session for the caller,
 * later requests name it in `Mcp-Session-Id`, and a session only ever serves the user who
 * opened it. The SDK's transport writes the raw response (JSON or an SSE stream), so the reply
 * is hijacked from Fastify once a request is handed to it.
 */
@Controller('mcp')
export class McpController {
  constructor(private readonly sessions: McpSessionsService) {}

  /** JSON-RPC messages from the client: `initialize` without a session id, the rest with one. */
  @Post()
  async post(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    if (sessionIdOf(request) !== undefined)
      return this.forward(request, reply, user);
    if (!isInitializeRequest(request.body)) {
      return sendJsonRpcError(
        reply,
        400,
        BAD_REQUEST,
        `Bad Request: no ${SESSION_HEADER} header; start a session with an initialize request, then send its id in ${SESSION_HEADER}`,
      );
    }
    const session = await this.sessions.open(user);
    try {
      await this.handOver(session, request, reply);
    } finally {
      await this.sessions.discard(session);
    }
  }

  /** The server-to-client SSE stream of a session. */
  @Get()
  async stream(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    return this.forward(request, reply, user);
  }

  /** Ends a session; its server and transport are closed. */
  @Delete()
  async end(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<void> {
    return this.forward(request, reply, user);
  }

  private async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    user: AuthenticatedUser,
  ): Promise<void> {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) {
      return sendJsonRpcError(
        reply,
        400,
        BAD_REQUEST,
        `Bad Request: the ${SESSION_HEADER} header is required`,
      );
    }
    const session = this.sessions.use(sessionId, user);
    if (session === undefined) {
      return sendJsonRpcError(
        reply,
        404,
        SESSION_NOT_FOUND,
        'Session not found: it expired, was closed or belongs to another user; start a new one with initialize',
      );
    }
    await this.handOver(session, request, reply);
  }

  private async handOver(
    session: McpSession,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    reply.hijack();
    await session.transport.handleRequest(request.raw, reply.raw, request.body);
  }
}
