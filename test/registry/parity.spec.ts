import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createMcpServer } from '../../host/mcp/create-mcp-server';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createMcpToolNameTranslator } from '../../src/registry/adapters/mcp-tool-names';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import { toModelInputJsonSchema } from '../../src/registry/model-input-schema';
import { toSnakeCase } from '../../src/registry/snake-case';
import type { ToolInputJsonSchema } from '../../src/registry/tool-input-schema';
import type { ToolExecutor } from '../../src/registry/tool-spec';
import {
  TOOL_DEFINITIONS,
  type DocmostToolExecutors,
} from '../../src/tools/tool-definitions';
import { connectInMemory } from './support/mcp-client';
import {
  generateWithToolCalls,
  sentToolResults,
  streamWithToolCalls,
  type ModelCallOptions,
} from './support/recording-model';
import { SAMPLE_CONTEXT } from './support/sample-tools';

/**
 * Parity by construction, checked from the outside: what an MCP client lists and what the AI SDK
 * sends a model are derived from the same specs, so they must agree tool by tool.
 */
describe('parity of the in-app chat and the MCP server over the real tool definitions', () => {
  // Every tool bound, so both surfaces list all of them; what the executors do is not the subject.
  const placeholder: ToolExecutor = async () => 'ok';
  const executors = Object.fromEntries(
    TOOL_DEFINITIONS.map((spec) => [spec.name, placeholder]),
  ) as DocmostToolExecutors;
  const registry = createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors,
    strict: true,
  });
  const toMcpNames = createMcpToolNameTranslator(registry.allTools);
  let client: Client;
  let serverMessages: readonly string[];
  let close: () => Promise<void>;
  let sentByGenerate: ModelCallOptions;
  let sentByStream: ModelCallOptions;

  beforeAll(async () => {
    ({ client, serverMessages, close } = await connectInMemory(
      createMcpServer({
        registry,
        context: { ...SAMPLE_CONTEXT, surface: 'mcp' },
      }),
    ));
    const toolSet = toAiSdkToolSet(registry, SAMPLE_CONTEXT);
    sentByGenerate = (await generateWithToolCalls(toolSet, [])).sent[0]!;
    sentByStream = (await streamWithToolCalls(toolSet, [])).sent[0]!;
  });
  afterAll(async () => close());

  function sentTools(sent: ModelCallOptions) {
    return (sent.tools ?? []).map((tool) => {
      if (tool.type !== 'function')
        throw new Error(`unexpected ${tool.type} tool ${tool.name}`);
      return {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      };
    });
  }

  it('sends the model every defined tool in canonical order, from generateText and streamText alike', () => {
    const names = TOOL_DEFINITIONS.map((spec) => spec.name);
    expect(sentTools(sentByGenerate).map((tool) => tool.name)).toEqual(names);
    expect(sentTools(sentByStream)).toEqual(sentTools(sentByGenerate));
  });

  it('maps names 1:1 through snake_case, with the same descriptions (tool names in MCP form) and JSON Schemas', async () => {
    const { tools: listed } = await client.listTools();
    const chat = sentTools(sentByGenerate);
    expect(listed.map((tool) => tool.name)).toEqual(
      chat.map((tool) => toSnakeCase(tool.name)),
    );
    for (const [index, chatTool] of chat.entries()) {
      const mcpTool = listed[index]!;
      expect({ name: mcpTool.name, description: mcpTool.description }).toEqual({
        name: toSnakeCase(chatTool.name),
        description: toMcpNames(chatTool.description ?? ''),
      });
      // MCP lists the full schema; the chat's model gets it without validation-only keywords.
      expect({
        name: mcpTool.name,
        inputSchema: toModelInputJsonSchema(
          mcpTool.inputSchema as ToolInputJsonSchema,
        ),
      }).toEqual({
        name: mcpTool.name,
        inputSchema: chatTool.inputSchema,
      });
    }
  });

  it('names no tool by its chat name on MCP: every sibling a description mentions exists there', async () => {
    const { tools: listed } = await client.listTools();
    const chatNames = new Set<string>(
      TOOL_DEFINITIONS.map((spec) => spec.name),
    );
    const mcpNames = new Set(listed.map((tool) => tool.name));
    let mentions = 0;
    for (const tool of listed) {
      const words = tool.description?.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
      expect({
        tool: tool.name,
        chatNames: words.filter((word) => chatNames.has(word)),
      }).toEqual({ tool: tool.name, chatNames: [] });
      mentions += words.filter(
        (word) => mcpNames.has(word) && word !== tool.name,
      ).length;
    }
    // The descriptions do point to siblings (so the check above is about something).
    expect(mentions).toBeGreaterThan(20);
  });

  it('sends the JSON Schemas the registry computed, byte for byte: the full one on MCP, its model-facing form in the chat', async () => {
    await client.listTools();
    // The tools/list result as it went on the wire (the client re-parses and reorders keys).
    const wire = serverMessages
      .map(
        (message) =>
          JSON.parse(message) as {
            result?: { tools?: { name: string; inputSchema: unknown }[] };
          },
      )
      .findLast((message) => message.result?.tools !== undefined)!.result!
      .tools!;
    for (const {
      spec,
      inputJsonSchema,
      modelInputJsonSchema,
    } of registry.tools) {
      const chatTool = sentTools(sentByGenerate).find(
        (tool) => tool.name === spec.name,
      )!;
      const mcpTool = wire.find((tool) => tool.name === spec.mcpName)!;
      expect(chatTool.inputSchema).toBe(modelInputJsonSchema);
      expect({
        name: spec.mcpName,
        inputSchema: JSON.stringify(mcpTool.inputSchema),
      }).toEqual({
        name: spec.mcpName,
        inputSchema: JSON.stringify(inputJsonSchema),
      });
    }
  });

  it('refuses an out-of-bounds input on both surfaces with the same error, though the chat schema leaves the bound out', async () => {
    const tool = registry.get('searchPages')!;
    expect(tool.modelInputJsonSchema.properties?.limit).not.toHaveProperty(
      'maximum',
    );
    expect(tool.inputJsonSchema.properties?.limit).toMatchObject({
      maximum: 50,
    });
    const bound = 'Too big: expected number to be <=50 at limit';
    const { sent } = await generateWithToolCalls(
      toAiSdkToolSet(registry, SAMPLE_CONTEXT),
      [
        {
          toolName: 'searchPages',
          input: { query: 'pricing', limit: 51 },
          toolCallId: 'call-1',
        },
      ],
    );
    // The registry's message, as the AI SDK wraps an invalid input for the model.
    expect(sentToolResults(sent[1]!).get('call-1')).toEqual({
      type: 'error-text',
      value: expect.stringContaining(
        `Invalid arguments for tool searchPages: ${bound}`,
      ) as string,
    });
    const mcp = await client.callTool({
      name: 'search_pages',
      arguments: { query: 'pricing', limit: 51 },
    });
    expect(mcp.isError).toBe(true);
    expect((mcp.content as { text: string }[])[0]!.text).toContain(
      `Invalid arguments for tool search_pages: ${bound}`,
    );
  });

  it("gives MCP clients each spec's title and annotations", async () => {
    const { tools: listed } = await client.listTools();
    for (const { spec } of registry.tools) {
      const mcpTool = listed.find((tool) => tool.name === spec.mcpName)!;
      expect({
        name: spec.mcpName,
        title: mcpTool.title,
        annotations: mcpTool.annotations,
      }).toEqual({
        name: spec.mcpName,
        title: spec.title,
        annotations: spec.annotations,
      });
    }
  });
});
