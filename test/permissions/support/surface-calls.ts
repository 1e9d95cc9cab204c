import { createMcpServer } from '../../../host/mcp/create-mcp-server';
import { toAiSdkToolSet } from '../../../src/registry/adapters/ai-sdk-tool-set';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../../src/registry/tool-registry';
import { toSnakeCase } from '../../../src/registry/snake-case';
import { connectInMemory } from '../../registry/support/mcp-client';
import {
  generateWithToolCalls,
  sentToolResults,
} from '../../registry/support/recording-model';

export type Surface = 'chat' | 'mcp';
export const SURFACES: readonly Surface[] = ['chat', 'mcp'];

/** What the model (chat) or the MCP client received: success or error, and every text it read. */
export interface SurfaceAnswer {
  readonly ok: boolean;
  readonly text: string;
}

function chatAnswer(output: unknown): SurfaceAnswer {
  const sent = output as { type: string; value: unknown };
  if (sent.type === 'error-text' || sent.type === 'error-json')
    return { ok: false, text: String(sent.value) };
  if (sent.type === 'content') {
    const parts = sent.value as { type: string; text?: string }[];
    return { ok: true, text: parts.map((part) => part.text ?? '').join('\n') };
  }
  return {
    ok: true,
    text:
      typeof sent.value === 'string' ? sent.value : JSON.stringify(sent.value),
  };
}

/**
 * Calls one tool the way each surface does: a scripted model through the chat's AI SDK tool set,
 * or a real MCP client through an in-memory transport to the MCP server (snake_case name).
 */
export async function callOnSurface(
  registry: ToolRegistry,
  surface: Surface,
  context: ToolCallContext,
  name: string,
  input: Record<string, unknown>,
): Promise<SurfaceAnswer> {
  if (surface === 'chat') {
    const { sent } = await generateWithToolCalls(
      toAiSdkToolSet(registry, { ...context, surface: 'chat' }),
      [{ toolCallId: 'call', toolName: name, input }],
    );
    return chatAnswer(sentToolResults(sent[1]!).get('call'));
  }
  const { client, close } = await connectInMemory(
    createMcpServer({ registry, context: { ...context, surface: 'mcp' } }),
  );
  try {
    const result = await client.callTool({
      name: toSnakeCase(name),
      arguments: input,
    });
    const text = (result.content as { type: string; text?: string }[])
      .map((part) => part.text ?? '')
      .join('\n');
    return { ok: result.isError !== true, text };
  } finally {
    await close();
  }
}
