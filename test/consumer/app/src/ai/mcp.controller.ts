import { randomUUID } from 'node:crypto';
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
import { ToolRegistryService } from 'docmost-ai-tools';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, AuthWorkspace } from '../auth/auth.decorators';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { UserRow, WorkspaceRow } from '../auth/authenticated-request';

/**
 * `POST /mcp`: the registry's tools over MCP Streamable HTTP, stateless (one server per request,
 * as the SDK's stateless example), acting as the signed-in user. GET and DELETE (server streams
 * and sessions) are not offered, which clients accept.
 */
@UseGuards(JwtAuthGuard)
@Controller('mcp')
export class McpController {
  constructor(private readonly tools: ToolRegistryService) {}

  @Post()
  async handle(
    @AuthUser() user: UserRow,
    @AuthWorkspace() workspace: WorkspaceRow,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const server = new McpServer({ name: 'docmost', version: '1.0.0' });
    this.tools.registerMcpTools(server, {
      userId: user.id,
      workspaceId: workspace.id,
      surface: 'mcp',
      sessionId: randomUUID(),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
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
      error: { code: -32000, message: 'Method not allowed: stateless server' },
      id: null,
    };
  }

  @Delete()
  @HttpCode(405)
  end(): {
    jsonrpc: '2.0';
    error: { code: number; message: string };
    id: null;
  } {
    return this.stream();
  }
}
