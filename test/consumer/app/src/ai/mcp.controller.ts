import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_DISABLED_BODY,
  MCP_DISABLED_STATUS,
  McpSessionsService,
  ToolRegistryService,
} from 'docmost-ai-tools';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, AuthWorkspace } from '../auth/auth.decorators';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { UserRow, WorkspaceRow } from '../auth/authenticated-request';

function jsonRpcError(
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
 * `POST /mcp` and `DELETE /mcp` as the README mounts them in Docmost, behind Docmost's MCP
 * switch (`settings.ai.mcp`, 403 while off): sessions in PostgreSQL
 * (`McpSessionsService`), a stateless MCP server and transport per request built from the
 * session's context, acting as the signed-in user, so any instance serves any session. GET (a
 * server stream) is not offered, which clients accept.
 */
@UseGuards(JwtAuthGuard)
@Controller('mcp')
export class McpController {
  constructor(
    private readonly tools: ToolRegistryService,
    private readonly sessions: McpSessionsService,
  ) {}

  @Post()
  async handle(
    @AuthUser() user: UserRow,
    @AuthWorkspace() workspace: WorkspaceRow,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const caller = { userId: user.id, workspaceId: workspace.id };
    if (!(await this.sessions.isMcpEnabled(caller)))
      return void reply.status(MCP_DISABLED_STATUS).send(MCP_DISABLED_BODY);
    const sessionId = request.headers['mcp-session-id'];
    if (sessionId === undefined && !isInitializeRequest(request.body))
      return jsonRpcError(reply, 400, -32000, 'Bad Request: initialize first');
    const context =
      sessionId === undefined
        ? await this.sessions.open(caller)
        : await this.sessions.resume(String(sessionId), caller);
    if (context === undefined)
      return jsonRpcError(reply, 404, -32001, 'Session not found');
    if (sessionId === undefined)
      reply.raw.setHeader('mcp-session-id', context.sessionId);
    const server = new McpServer({ name: 'docmost', version: '1.0.0' });
    this.tools.registerMcpTools(server, context);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    reply.raw.once('close', () => void server.close());
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  @Get()
  @HttpCode(405)
  stream(): {
    jsonrpc: '2.0';
    error: { code: number; message: string };
    id: null;
  } {
    return {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: no server stream' },
      id: null,
    };
  }

  @Delete()
  async end(
    @AuthUser() user: UserRow,
    @AuthWorkspace() workspace: WorkspaceRow,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!(await this.sessions.isMcpEnabled({ workspaceId: workspace.id })))
      return void reply.status(MCP_DISABLED_STATUS).send(MCP_DISABLED_BODY);
    const sessionId = request.headers['mcp-session-id'];
    const closed =
      sessionId !== undefined &&
      (await this.sessions.close(String(sessionId), {
        userId: user.id,
        workspaceId: workspace.id,
      }));
    if (!closed) return jsonRpcError(reply, 404, -32001, 'Session not found');
    void reply.status(200).send();
  }
}
