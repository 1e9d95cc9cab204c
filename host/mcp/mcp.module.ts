import { type DynamicModule, Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { MCP_ROUTE_OPTIONS, type McpRouteOptions } from './mcp-route-options';
import { McpSessionsService } from './mcp-sessions.service';

/**
 * The standalone MCP server of the reference host at `/mcp` (excluded from the `api` prefix).
 * Needs `TOOL_REGISTRY` (the app's registry, shared with the chat) and the global bearer guard.
 */
@Module({})
export class McpModule {
  static forRoot(options: McpRouteOptions = {}): DynamicModule {
    return {
      module: McpModule,
      controllers: [McpController],
      providers: [
        { provide: MCP_ROUTE_OPTIONS, useValue: options },
        McpSessionsService,
      ],
      exports: [McpSessionsService],
    };
  }
}
