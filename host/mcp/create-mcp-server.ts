import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  registerMcpTools,
  type ToolCallContext,
  type ToolRegistry,
} from '../../src';

export const MCP_SERVER_NAME = 'docmost-ai-tools';
export const MCP_SERVER_VERSION = '0.1.0';

export interface CreateMcpServerOptions {
  /** The tools to serve: every bound tool, under its snake_case name. */
  readonly registry: ToolRegistry;
  /** The caller of every tool call on this server: one MCP session (or one request of it). */
  readonly context: ToolCallContext;
}

/**
 * One MCP server for one session, or for one request of a session (`/mcp` builds one per
 * request): the registry's bound tools, acting as the session's user.
 * Transport-agnostic, so the HTTP route and tests (in-memory transport) build it the same way.
 */
export function createMcpServer(options: CreateMcpServerOptions): McpServer {
  const server = new McpServer({
    name: MCP_SERVER_NAME,
    version: MCP_SERVER_VERSION,
  });
  registerMcpTools(server, options.registry, options.context);
  return server;
}
