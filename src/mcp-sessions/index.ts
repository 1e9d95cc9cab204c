export {
  MCP_SESSION_DEFAULTS,
  MCP_SESSION_OPTIONS,
  resolveMcpSessionLimits,
  type McpSessionLimits,
  type McpSessionOptions,
} from './mcp-session-options';
export type {
  McpSessionCaller,
  McpSessionStore,
  StoredMcpSession,
} from './mcp-session-store';
export {
  createDatabaseMcpSessionStore,
  type DatabaseMcpSessionBounds,
} from './database-mcp-session-store';
export {
  McpSessionsService,
  type McpSessionContext,
} from './mcp-sessions.service';
export { MCP_DISABLED_BODY, MCP_DISABLED_STATUS } from './mcp-switch';
