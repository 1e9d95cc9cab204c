import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';

/**
 * The standalone MCP server of the reference host at `/mcp` (excluded from the `api` prefix).
 * Needs `TOOL_REGISTRY` (the app's registry, shared with the chat), `McpSessionsService` (both
 * from `AiToolsModule`) and the global bearer guard.
 */
@Module({ controllers: [McpController] })
export class McpModule {}
