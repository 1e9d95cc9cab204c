export {
  createMcpServer,
  MCP_SERVER_NAME,
  MCP_SERVER_VERSION,
} from './create-mcp-server';
export type { CreateMcpServerOptions } from './create-mcp-server';
export { McpModule } from './mcp.module';
