import { z } from 'zod';
import type { ToolCallContext } from '../registry/tool-call-context';
import { defineTool } from '../registry/tool-spec';

/** The tool whose calls the limit specs count: each call runs one named block. */
export const getNode = defineTool({
  name: 'getNode',
  mcpName: 'get_node',
  title: 'Get node',
  description: 'Reads one block.',
  tier: 'core',
  inputSchema: z.object({ block: z.string() }),
  annotations: { readOnlyHint: true },
});

/** An MCP caller of one session per user. */
export function caller(
  userId: string,
  abortSignal?: AbortSignal,
): ToolCallContext {
  return {
    userId,
    workspaceId: 'workspace-1',
    surface: 'mcp',
    sessionId: `session-${userId}`,
    abortSignal,
  };
}
