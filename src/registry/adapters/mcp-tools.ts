import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallContext } from '../tool-call-context';
import type { BoundTool, ToolRegistry } from '../tool-registry';
import { createMcpToolNameTranslator } from './mcp-tool-names';
import { toolOutputText } from './tool-output-text';
import { errorMessage } from '../../ground';

/**
 * The MCP surface: registers every bound tool on `server` under its snake_case name, with the
 * spec's title, description and annotations. The spec's zod schema is handed to the SDK, which
 * validates calls with it (so the node quirk applies here as in the chat) and lists it converted
 * with the options the registry uses: MCP clients receive the registry's JSON Schema.
 *
 * Descriptions, errors and notices name sibling tools by their MCP names (see
 * `createMcpToolNameTranslator`). A result is the output's text followed by one text element per notice. A `ToolError` or any
 * executor failure becomes `isError: true` with its message, the MCP convention for errors the
 * model should read. `context` is the caller of every call on this server (one per session).
 */
export function registerMcpTools(
  server: McpServer,
  registry: ToolRegistry,
  context: ToolCallContext,
): void {
  const toMcpNames = createMcpToolNameTranslator(registry.allTools);
  for (const bound of registry.tools)
    registerMcpTool(server, registry, bound, context, toMcpNames);
}

function registerMcpTool(
  server: McpServer,
  registry: ToolRegistry,
  bound: BoundTool,
  context: ToolCallContext,
  toMcpNames: (text: string) => string,
): void {
  const { spec } = bound;
  server.registerTool(
    spec.mcpName,
    {
      title: spec.title,
      description: toMcpNames(spec.description),
      inputSchema: spec.inputSchema,
      annotations: spec.annotations,
    },
    // The SDK has already validated (and transformed) the arguments with spec.inputSchema.
    async (input: unknown, extra): Promise<CallToolResult> => {
      try {
        const outcome = await registry.invoke(bound, input, {
          ...context,
          abortSignal: extra.signal,
        });
        return {
          content: [
            { type: 'text', text: toolOutputText(outcome.output) },
            ...outcome.notices.map((notice) => ({
              type: 'text' as const,
              text: toMcpNames(notice),
            })),
          ],
        };
      } catch (error) {
        return {
          isError: true,
          content: [
            {
              type: 'text',
              text: toMcpNames(errorMessage(error)),
            },
          ],
        };
      }
    },
  );
}
