export {
  createMcpServer,
  MCP_SERVER_NAME,
  MCP_SERVER_VERSION,
} from './create-mcp-server';
export type { CreateMcpServerOptions } from './create-mcp-server';
export { McpModule } from './mcp.module';
export { DEFAULT_MCP_ROUTE_OPTIONS } from './mcp-route-options';
export type { McpRouteOptions } from './mcp-route-options';
export { McpSessionsService } from './mcp-sessions.service';
