import {
  jsonSchema,
  simulateReadableStream,
  streamText,
  tool,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { z } from 'zod';
import {
  countTokens,
  countToolTokens,
  functionToolsOf,
  modelFunctionTools,
  serializeToolsForRequest,
  toolCatalogBlockOf,
  type ModelFunctionTool,
} from './tool-tokens';

const PAGE_SCHEMA = {
  type: 'object' as const,
  properties: {
    pageId: { type: 'string' as const, description: 'The page.' },
  },
  required: ['pageId'],
  additionalProperties: false,
};

function sampleTools(): ToolSet {
  return {
    getPage: tool({
      description: 'Reads a page.',
      inputSchema: jsonSchema(PAGE_SCHEMA),
      execute: async () => 'page',
    }),
    renamePage: tool({
      description: 'Renames a page.',
      inputSchema: z.object({
        pageId: z.string(),
        title: z.string().min(1).describe('The new title.'),
      }),
      execute: async () => 'renamed',
    }),
    listSpaces: tool({
      description: 'Lists spaces.',
      inputSchema: jsonSchema({ type: 'object', properties: {} }),
      execute: async () => [],
    }),
  };
}

/** The tools one real `streamText` step hands to the model, as the model records them. */
async function toolsSentByStreamText(
  tools: ToolSet,
  activeTools: string[],
): Promise<ModelFunctionTool[]> {
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'ok' },
          { type: 'text-end', id: 't' },
          {
            type: 'finish',
            usage: {
              inputTokens: {
                total: 1,
                noCache: 1,
                cacheRead: undefined,
                cacheWrite: undefined,
              },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
            finishReason: { unified: 'stop', raw: undefined },
          },
        ],
      }),
    }),
  });
  const result = streamText({ model, prompt: 'hi', tools, activeTools });
  await result.consumeStream();
  return functionToolsOf(model.doStreamCalls[0]!.tools);
}

describe('tool tokens', () => {
  it('serializes tools as an OpenAI-compatible chat-completions request carries them', () => {
    const tools: ModelFunctionTool[] = [
      {
        type: 'function',
        name: 'getPage',
        description: 'Reads a page.',
        inputSchema: PAGE_SCHEMA,
      },
    ];
    expect(JSON.parse(serializeToolsForRequest(tools))).toEqual([
      {
        type: 'function',
        function: {
          name: 'getPage',
          description: 'Reads a page.',
          parameters: PAGE_SCHEMA,
        },
      },
    ]);
    // Compact, like a request body: no indentation tokens inflate the count.
    expect(serializeToolsForRequest(tools)).not.toContain('\n');
  });

  it('counts o200k_base tokens of exactly that serialization, and nothing for no tools', () => {
    const tools: ModelFunctionTool[] = [
      {
        type: 'function',
        name: 'getPage',
        description: 'Reads a page.',
        inputSchema: PAGE_SCHEMA,
      },
    ];
    expect(countToolTokens(tools)).toBe(
      encode(serializeToolsForRequest(tools)).length,
    );
    expect(countTokens('hello world')).toBe(2);
    expect(countToolTokens([])).toBe(0);
  });

  it("describes a tool set exactly as streamText sends it, in the set's order, filtered by activeTools", async () => {
    const tools = sampleTools();
    const sent = await toolsSentByStreamText(tools, [
      'listSpaces',
      'renamePage',
    ]);
    const described = await modelFunctionTools(tools, [
      'listSpaces',
      'renamePage',
    ]);
    expect(described.map((entry) => entry.name)).toEqual([
      'renamePage',
      'listSpaces',
    ]);
    expect(serializeToolsForRequest(described)).toBe(
      serializeToolsForRequest(sent),
    );
    expect(countToolTokens(described)).toBe(countToolTokens(sent));
  });

  it('without activeTools describes every tool, and more tools cost more tokens', async () => {
    const all = await modelFunctionTools(sampleTools());
    const some = await modelFunctionTools(sampleTools(), ['getPage']);
    expect(all.map((entry) => entry.name)).toEqual([
      'getPage',
      'renamePage',
      'listSpaces',
    ]);
    expect(countToolTokens(all)).toBeGreaterThan(countToolTokens(some));
  });

  it('finds the <tool_catalog> block in a system prompt, or nothing when deferred tools are off', () => {
    const block =
      '<tool_catalog note="deferred tools">\n- getTable — read a table.\n</tool_catalog>';
    expect(
      toolCatalogBlockOf(`rules\n<context>\n${block}\n</context>\nreminder`),
    ).toBe(block);
    expect(toolCatalogBlockOf('rules\n<context>\n</context>')).toBe('');
  });
});
