import { inStoredKeyOrder } from '../../src/registry';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolSet } from 'ai';
import { createMcpServer } from '../../host/mcp/create-mcp-server';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import { NODE_INPUT_ERROR } from '../../src/registry/prosemirror-node-input';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { connectInMemory } from './support/mcp-client';
import {
  generateWithToolCalls,
  sentToolResults,
  streamWithToolCalls,
} from './support/recording-model';
import {
  busyPageSignal,
  SAMPLE_CONTEXT,
  SAMPLE_TOOLS,
  sampleExecutors,
} from './support/sample-tools';

/** A tool result as the model is sent it: JSON in the key order `jsonb` stores (the chat's stored history keeps it). */
const asSent = (value: unknown): string =>
  JSON.stringify(inStoredKeyOrder(value));

const NOTICE =
  '[signal] new comments: 2 on page busy ("Busy") — call listComments(pageId) for details';
const paragraph = {
  type: 'paragraph',
  attrs: { id: 'abcdefghijkl' },
  content: [{ type: 'text', text: 'Hi' }],
};

interface McpText {
  readonly type: 'text';
  readonly text: string;
}

/** Both surfaces over one registry: an AI SDK tool set and a connected MCP client. */
async function surfaces(
  registry: ToolRegistry,
): Promise<{ toolSet: ToolSet; client: Client; close: () => Promise<void> }> {
  const toolSet = toAiSdkToolSet(registry, SAMPLE_CONTEXT);
  const { client, close } = await connectInMemory(
    createMcpServer({
      registry,
      context: {
        ...SAMPLE_CONTEXT,
        surface: 'mcp',
        sessionId: 'mcp-session-1',
      },
    }),
  );
  return { toolSet, client, close };
}

/** What the model reads back for one call made through the AI SDK surface. */
async function chatResult(
  toolSet: ToolSet,
  toolName: string,
  input: unknown,
): Promise<unknown> {
  const { sent } = await generateWithToolCalls(toolSet, [
    { toolName, input, toolCallId: 'call-1' },
  ]);
  return sentToolResults(sent[1]!).get('call-1');
}

async function mcpResult(
  client: Client,
  name: string,
  input: Record<string, unknown>,
) {
  const result = await client.callTool({ name, arguments: input });
  return {
    isError: result.isError === true,
    texts: (result.content as McpText[]).map((part) => part.text),
  };
}

describe('the two surfaces of one registry', () => {
  const received: unknown[] = [];
  const registry = createToolRegistry({
    specs: SAMPLE_TOOLS,
    executors: sampleExecutors(received),
    interceptors: [busyPageSignal],
    logger: { warn: () => undefined },
  });
  let toolSet: ToolSet;
  let client: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ toolSet, client, close } = await surfaces(registry));
  });
  afterAll(async () => close());
  beforeEach(() => {
    received.length = 0;
  });

  describe('an unbound tool', () => {
    it('is absent from the AI SDK tool set and from what the model is sent', async () => {
      expect(Object.keys(toolSet)).toEqual([
        'getPage',
        'readNote',
        'patchNode',
        'deletePage',
      ]);
      const { sent } = await generateWithToolCalls(toolSet, []);
      expect(sent[0]!.tools?.map((tool) => tool.name)).toEqual([
        'getPage',
        'readNote',
        'patchNode',
        'deletePage',
      ]);
    });

    it('is absent from the MCP tool list and cannot be called there', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'get_page',
        'read_note',
        'patch_node',
        'delete_page',
      ]);
      const call = await mcpResult(client, 'rename_page', {
        pageId: 'p1',
        title: 'New',
      });
      expect(call.isError).toBe(true);
      expect(call.texts.join('\n')).toContain('Tool rename_page not found');
    });
  });

  describe('the node quirk', () => {
    it('accepts a node object and a JSON string of one on the AI SDK surface', async () => {
      await expect(
        chatResult(toolSet, 'patchNode', { pageId: 'p1', node: paragraph }),
      ).resolves.toEqual({
        type: 'json',
        value: { patched: 'paragraph', nodeIsObject: true },
      });
      await expect(
        chatResult(toolSet, 'patchNode', {
          pageId: 'p1',
          node: JSON.stringify(paragraph),
        }),
      ).resolves.toEqual({
        type: 'json',
        value: { patched: 'paragraph', nodeIsObject: true },
      });
      expect(received).toEqual([
        { pageId: 'p1', node: paragraph },
        { pageId: 'p1', node: paragraph },
      ]);
    });

    it('accepts a node object and a JSON string of one on the MCP surface', async () => {
      const expected = {
        isError: false,
        texts: ['{"patched":"paragraph","nodeIsObject":true}'],
      };
      await expect(
        mcpResult(client, 'patch_node', { pageId: 'p1', node: paragraph }),
      ).resolves.toEqual(expected);
      await expect(
        mcpResult(client, 'patch_node', {
          pageId: 'p1',
          node: JSON.stringify(paragraph),
        }),
      ).resolves.toEqual(expected);
      expect(received).toEqual([
        { pageId: 'p1', node: paragraph },
        { pageId: 'p1', node: paragraph },
      ]);
    });

    it('rejects invalid JSON with the same message on both surfaces, running nothing', async () => {
      const badJson = '{"type":"paragraph"';
      const chat = (await chatResult(toolSet, 'patchNode', {
        pageId: 'p1',
        node: badJson,
      })) as { type: string; value: string };
      const mcp = await mcpResult(client, 'patch_node', {
        pageId: 'p1',
        node: badJson,
      });
      const expected = new RegExp(
        `${NODE_INPUT_ERROR}; the string is not valid JSON \\(.+\\) at node`,
      );
      expect(chat.type).toBe('error-text');
      expect(chat.value).toMatch(expected);
      expect(mcp.isError).toBe(true);
      expect(mcp.texts.join('\n')).toMatch(expected);
      expect(received).toEqual([]);
    });
  });

  describe('bad input', () => {
    it('names the field and the expected type on the AI SDK surface', async () => {
      const chat = (await chatResult(toolSet, 'getPage', {
        pageId: 42,
        maxLength: 'all',
      })) as { type: string; value: string };
      expect(chat.type).toBe('error-text');
      expect(chat.value).toContain(
        'Invalid arguments for tool getPage: Invalid input: expected string, received number at pageId',
      );
      expect(chat.value).toContain(
        'Invalid input: expected number, received string at maxLength',
      );
    });

    it('names the field and the expected type on the MCP surface', async () => {
      const mcp = await mcpResult(client, 'get_page', {
        pageId: 42,
        maxLength: 'all',
      });
      expect(mcp.isError).toBe(true);
      expect(mcp.texts.join('\n')).toContain(
        'Invalid input: expected string, received number at pageId',
      );
      expect(mcp.texts.join('\n')).toContain(
        'Invalid input: expected number, received string at maxLength',
      );
    });
  });

  describe('executor errors', () => {
    it('reach the model as a tool error with the message on both surfaces', async () => {
      await expect(
        chatResult(toolSet, 'deletePage', { pageId: 'p1' }),
      ).resolves.toEqual({
        type: 'error-text',
        value: 'page not found or no access',
      });
      await expect(
        mcpResult(client, 'delete_page', { pageId: 'p1' }),
      ).resolves.toEqual({
        isError: true,
        texts: ['page not found or no access'],
      });
    });
  });

  describe('notices', () => {
    it('follow the result as extra text parts for the AI SDK model, leaving the raw output untouched', async () => {
      const { result, sent } = await generateWithToolCalls(toolSet, [
        {
          toolName: 'getPage',
          input: { pageId: 'busy' },
          toolCallId: 'call-busy',
        },
        {
          toolName: 'getPage',
          input: { pageId: 'calm' },
          toolCallId: 'call-calm',
        },
      ]);
      const raw = {
        id: 'busy',
        title: 'Roadmap',
        by: 'user-1',
        surface: 'chat',
      };
      expect(
        result.steps[0]!.toolResults.map((toolResult) => toolResult.output),
      ).toEqual([raw, { ...raw, id: 'calm' }]);
      const results = sentToolResults(sent[1]!);
      expect(results.get('call-busy')).toEqual({
        type: 'content',
        value: [
          { type: 'text', text: asSent(raw) },
          { type: 'text', text: NOTICE },
        ],
      });
      // Notices are per call: the other call of the same step gets none.
      expect(results.get('call-calm')).toEqual({
        type: 'json',
        value: { ...raw, id: 'calm' },
      });
    });

    it('reach the model the same way through streamText, which renders each result twice', async () => {
      const { steps, sent } = await streamWithToolCalls(toolSet, [
        {
          toolName: 'readNote',
          input: { pageId: 'busy' },
          toolCallId: 'call-busy',
        },
      ]);
      const expected = {
        type: 'content',
        value: [
          { type: 'text', text: 'Note of busy' },
          { type: 'text', text: NOTICE },
        ],
      };
      expect(steps[0]!.toolResults[0]!.output).toBe('Note of busy');
      expect(sentToolResults(sent[1]!).get('call-busy')).toEqual(expected);
      // The step's response messages (what a host persists) carry the same rendering.
      const toolMessage = steps[0]!.response.messages.find(
        (message) => message.role === 'tool',
      );
      expect(toolMessage?.content).toEqual([
        expect.objectContaining({ toolCallId: 'call-busy', output: expected }),
      ]);
    });

    it('follow the result as extra text elements on MCP', async () => {
      await expect(
        mcpResult(client, 'get_page', { pageId: 'busy' }),
      ).resolves.toEqual({
        isError: false,
        texts: [
          '{"id":"busy","title":"Roadmap","by":"user-1","surface":"mcp"}',
          NOTICE,
        ],
      });
      await expect(
        mcpResult(client, 'read_note', { pageId: 'busy' }),
      ).resolves.toEqual({
        isError: false,
        texts: ['Note of busy', NOTICE],
      });
    });

    it('when absent, leave the prompt as a tool without toModelOutput gives it, the result in stored key order', async () => {
      const withoutToModelOutput: ToolSet = Object.fromEntries(
        Object.entries(toolSet).map(([name, tool]) => [
          name,
          { ...tool, toModelOutput: undefined },
        ]),
      );
      const calls = [
        {
          toolName: 'getPage',
          input: { pageId: 'calm' },
          toolCallId: 'call-1',
        },
        {
          toolName: 'readNote',
          input: { pageId: 'calm' },
          toolCallId: 'call-2',
        },
      ];
      const adapted = await generateWithToolCalls(toolSet, calls);
      const plain = await generateWithToolCalls(withoutToModelOutput, calls);
      // The same prompt, object keys aside: the result's keys come in the order `jsonb` stores
      // them, so the chat's stored history gives the next turn the same bytes (the cached prefix).
      expect(adapted.sent[1]!.prompt).toEqual(plain.sent[1]!.prompt);
      const value = (
        JSON.parse(JSON.stringify(adapted.sent[1]!.prompt)) as Array<{
          content: Array<{ toolName?: string; output?: { value: object } }>;
        }>
      )
        .flatMap((message) => message.content)
        .find((part) => part.toolName === 'getPage' && part.output)!.output!
        .value;
      expect(Object.keys(value)).toEqual(Object.keys(inStoredKeyOrder(value)));
      expect(JSON.stringify(adapted.sent[1]!.tools)).toBe(
        JSON.stringify(plain.sent[1]!.tools),
      );
    });
  });

  it('gives MCP clients the title and annotations of each spec', async () => {
    const { tools } = await client.listTools();
    const patchNode = tools.find((tool) => tool.name === 'patch_node')!;
    expect(patchNode.title).toBe('Patch a node');
    expect(patchNode.description).toBe('Replaces one block.');
    expect(patchNode.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  it("acts as the surface's caller on each side", async () => {
    await expect(
      chatResult(toolSet, 'getPage', { pageId: 'p1' }),
    ).resolves.toMatchObject({ value: { surface: 'chat' } });
    const mcp = await mcpResult(client, 'get_page', { pageId: 'p1' });
    expect(JSON.parse(mcp.texts[0]!)).toMatchObject({ surface: 'mcp' });
  });
});

describe('a strict registry with an unbound tool', () => {
  it('never reaches a surface: it refuses to build', () => {
    expect(() =>
      createToolRegistry({
        specs: SAMPLE_TOOLS,
        executors: sampleExecutors(),
        strict: true,
      }),
    ).toThrow('Tool "renamePage": strict mode');
  });
});
