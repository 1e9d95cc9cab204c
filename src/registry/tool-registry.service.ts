import { Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolSet } from 'ai';
import { registerMcpTools, toAiSdkToolSet } from './adapters';
import type { ToolCallContext } from './tool-call-context';
import type { ToolRegistry } from './tool-registry';
import { InjectToolRegistry } from './tool-registry.token';
import { toolListing, type ToolListingEntry } from './tool-listing';

/**
 * The registry for Nest consumers: both surfaces of one call site come from here, bound to the
 * caller. A host's chat asks for `toolSet(context)` per turn, its MCP server calls
 * `registerMcpTools(server, context)` per session; neither repeats a name, schema or description.
 */
@Injectable()
export class ToolRegistryService {
  constructor(@InjectToolRegistry() readonly registry: ToolRegistry) {}

  /** The in-app chat's AI SDK tools (bound tools only, camelCase keys) acting as `context`'s user. */
  toolSet(context: ToolCallContext): ToolSet {
    return toAiSdkToolSet(this.registry, context);
  }

  /** Registers the bound tools on an MCP server under their snake_case names. */
  registerMcpTools(server: McpServer, context: ToolCallContext): void {
    registerMcpTools(server, this.registry, context);
  }

  /** Every spec, bound or not, as `npm run tools -- --json` prints it. */
  listing(): ToolListingEntry[] {
    return toolListing(this.registry);
  }
}
