import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createToolRegistry } from './create-tool-registry';
import { ToolRegistryService } from './tool-registry.service';
import { defineTool } from './tool-spec';
import type { ToolCallContext } from './tool-call-context';

const echo = defineTool({
  name: 'echoText',
  mcpName: 'echo_text',
  title: 'Echo',
  description: 'Returns the text it is given.',
  tier: 'core',
  inputSchema: z.object({ text: z.string().describe('Text to echo') }),
  annotations: { readOnlyHint: true },
});
const unbound = defineTool({
  name: 'neverBound',
  mcpName: 'never_bound',
  title: 'Never bound',
  description: 'Has no executor.',
  tier: 'deferred',
  catalogLine: 'has no executor.',
  inputSchema: z.object({}),
  annotations: {},
});

const context: ToolCallContext = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  surface: 'chat',
  sessionId: 'session-1',
};

describe('ToolRegistryService', () => {
  const registry = createToolRegistry({
    specs: [echo, unbound] as const,
    executors: {
      echoText: async (input, call) => `${input.text} for ${call.userId}`,
    },
    logger: { warn: () => undefined },
  });
  const service = new ToolRegistryService(registry);

  it('derives the chat tool set from the registry: bound tools only, acting as the caller', async () => {
    const tools = service.toolSet(context);
    expect(Object.keys(tools)).toEqual(['echoText']);
    const output = await tools.echoText!.execute!(
      { text: 'hi' },
      { toolCallId: 'call-1', messages: [] },
    );
    expect(output).toBe('hi for user-1');
  });

  it('registers the same bound tools on an MCP server under snake_case names', async () => {
    const server = new McpServer({ name: 'test', version: '1.0.0' });
    service.registerMcpTools(server, { ...context, surface: 'mcp' });
    const [clientTransport, serverTransport] =
      InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['echo_text']);
      const result = await client.callTool({
        name: 'echo_text',
        arguments: { text: 'hi' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'hi for user-1' }]);
    } finally {
      await client.close();
    }
  });

  it('lists every spec, bound or not, for `npm run tools`', () => {
    expect(service.listing().map((entry) => entry.name)).toEqual([
      'echoText',
      'neverBound',
    ]);
  });
});
