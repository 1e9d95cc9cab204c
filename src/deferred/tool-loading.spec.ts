import { jsonSchema, stepCountIs, streamText, tool, type Tool } from 'ai';
import {
  createScriptedModel,
  sentToolResults,
  type ModelCallOptions,
  type ScriptEntry,
} from '../../test/chat/support/scripted-model';
import { ChatTurn } from './chat-turn';
import type { TurnTool } from './chat-turn-options';
import { inStoredKeyOrder } from '../registry/stored-key-order';
import { checkToolLoading } from './tool-loading';

/** A tool whose schema requires `id` (a string), validated as the registry's tools are. */
function strictTool(name: string, calls: unknown[]): Tool {
  return tool({
    description: `${name} description`,
    inputSchema: jsonSchema<unknown>(
      {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      },
      {
        validate: (value) =>
          typeof (value as { id?: unknown } | null)?.id === 'string'
            ? { success: true, value }
            : {
                success: false,
                error: new Error('id: expected a string (the page id).'),
              },
      },
    ),
    execute: async (input) => {
      calls.push({ name, input });
      return { tool: name, input };
    },
  });
}

function boundTools(calls: unknown[]): TurnTool[] {
  return [
    { name: 'getPage', tier: 'core', tool: strictTool('getPage', calls) },
    {
      name: 'getTable',
      tier: 'deferred',
      catalogLine: 'read a table.',
      tool: strictTool('getTable', calls),
    },
    {
      name: 'patchNode',
      tier: 'deferred',
      catalogLine: 'replace one block.',
      tool: strictTool('patchNode', calls),
    },
  ];
}

const externalServers = [
  {
    name: 'Web',
    prefix: 'web',
    tools: { web_fetch: strictTool('web_fetch', []) },
  },
];

/** One turn through `streamText`, with the host's final-step lockdown as Docmost's chat has it. */
async function runTurn(turn: ChatTurn, script: ScriptEntry[], maxSteps = 6) {
  const model = createScriptedModel(script);
  const result = streamText({
    model,
    prompt: 'hello',
    stopWhen: stepCountIs(maxSteps),
    ...turn,
  });
  await result.consumeStream();
  return { model, steps: await result.steps };
}

/** The tools array one model call was sent, as the provider would serialize it. */
function sentTools(options: ModelCallOptions): string {
  return JSON.stringify(options.tools);
}

/** What the model read of a tool result: an error's text, or a JSON output as JSON. */
function outputText(options: ModelCallOptions, toolCallId: string): string {
  const output = sentToolResults(options).get(toolCallId)?.output as
    { type: string; value: unknown } | undefined;
  return typeof output?.value === 'string'
    ? output.value
    : JSON.stringify(output?.value);
}

describe('in-conversation tool loading', () => {
  it('sends the same tools array on every step and every turn of a chat, a load included', async () => {
    const calls: unknown[] = [];
    const first = new ChatTurn({
      toolLoading: 'in-conversation',
      enabled: true,
      boundTools: boundTools(calls),
      externalServers,
      prepareStep: ({ stepNumber }) =>
        stepNumber === 3 ? { toolChoice: 'none' } : {},
    });
    const turn1 = await runTurn(first, [
      {
        toolCalls: [{ toolName: 'loadTools', input: { names: ['getTable'] } }],
      },
      { toolCalls: [{ toolName: 'getTable', input: { id: 'p1' } }] },
      { toolCalls: [{ toolName: 'getPage', input: { id: 'p1' } }] },
      { text: 'Done.' },
    ]);
    const second = new ChatTurn({
      toolLoading: 'in-conversation',
      enabled: true,
      boundTools: boundTools(calls),
      externalServers,
      carriedTools: first.carriedTools(),
    });
    const turn2 = await runTurn(second, [
      { toolCalls: [{ toolName: 'getTable', input: { id: 'p2' } }] },
      { text: 'Done.' },
    ]);
    const arrays = [
      ...turn1.model.doStreamCalls,
      ...turn2.model.doStreamCalls,
    ].map(sentTools);
    expect(arrays).toHaveLength(6);
    expect(new Set(arrays).size).toBe(1);
    // The final-step lockdown still wins: no tool may be called on that step.
    expect(turn1.model.doStreamCalls[3]!.toolChoice).toEqual({ type: 'none' });
    // Turn 2 ran the tool turn 1 loaded, without loading it again.
    expect(calls).toEqual([
      { name: 'getTable', input: { id: 'p1' } },
      { name: 'getPage', input: { id: 'p1' } },
      { name: 'getTable', input: { id: 'p2' } },
    ]);
    expect(second.figures().loadToolsCalls).toBe(0);
  });

  it('sends each deferred tool as a stub of its name, and delivers its definition in the loadTools result', async () => {
    const turn = new ChatTurn({
      toolLoading: 'in-conversation',
      enabled: true,
      boundTools: boundTools([]),
      externalServers,
    });
    const { model } = await runTurn(turn, [
      {
        toolCalls: [
          {
            toolName: 'loadTools',
            input: { names: ['getTable', 'web_fetch'] },
            toolCallId: 'load-1',
          },
        ],
      },
      { text: 'Done.' },
    ]);
    const sent = model.doStreamCalls[0]!.tools!;
    expect(sent.map((entry) => entry.name)).toEqual([
      'getPage',
      'loadTools',
      'getTable',
      'patchNode',
      'web_fetch',
    ]);
    expect(sent[2]).toEqual({
      type: 'function',
      name: 'getTable',
      inputSchema: { type: 'object' },
    });
    const result = JSON.parse(outputText(model.doStreamCalls[1]!, 'load-1'));
    expect(result).toEqual({
      loaded: ['getTable', 'web_fetch'],
      definitions: [
        {
          name: 'getTable',
          description: 'getTable description',
          parameters: {
            type: 'object',
            properties: { id: { type: 'string' } },
            required: ['id'],
          },
        },
        expect.objectContaining({ name: 'web_fetch' }),
      ],
    });
  });

  it("refuses a loaded tool's call with bad input, saying what was wrong and the schema to follow", async () => {
    const calls: unknown[] = [];
    const turn = new ChatTurn({
      toolLoading: 'in-conversation',
      enabled: true,
      boundTools: boundTools(calls),
    });
    const { model } = await runTurn(turn, [
      {
        toolCalls: [{ toolName: 'loadTools', input: { names: ['getTable'] } }],
      },
      {
        toolCalls: [
          { toolName: 'getTable', input: { page: 'p1' }, toolCallId: 'bad' },
        ],
      },
      { text: 'Done.' },
    ]);
    const text = outputText(model.doStreamCalls[2]!, 'bad');
    expect(text).toContain(
      'Invalid input for getTable, so the call did not run',
    );
    expect(text).toContain('id: expected a string (the page id).');
    expect(text).toContain('"required":["id"]');
    expect(calls).toEqual([]);
  });

  it('refuses the call of a tool not loaded yet, and loads it: the refusal carries its definition', async () => {
    const calls: unknown[] = [];
    const turn = new ChatTurn({
      toolLoading: 'in-conversation',
      enabled: true,
      boundTools: boundTools(calls),
    });
    const { model } = await runTurn(turn, [
      {
        toolCalls: [
          { toolName: 'patchNode', input: { id: 'p1' }, toolCallId: 'early' },
        ],
      },
      { toolCalls: [{ toolName: 'patchNode', input: { id: 'p1' } }] },
      { text: 'Done.' },
    ]);
    const text = outputText(model.doStreamCalls[1]!, 'early');
    expect(text).toContain(
      'patchNode was not loaded, so this call did not run',
    );
    expect(text).toContain('"description":"patchNode description"');
    expect(calls).toEqual([{ name: 'patchNode', input: { id: 'p1' } }]);
    expect(turn.figures()).toMatchObject({
      recoveredCalls: 1,
      loadToolsCalls: 0,
    });
    expect(turn.carriedTools().map((carried) => carried.name)).toEqual([
      'patchNode',
    ]);
  });

  it('keeps tool-list loading switchable, and refuses an unknown way of loading', () => {
    const turn = new ChatTurn({
      enabled: true,
      boundTools: boundTools([]),
      toolLoading: 'tool-list',
    });
    expect(turn.activeTools()).toEqual(['getPage', 'loadTools']);
    expect(checkToolLoading('tool-list')).toBe('tool-list');
    expect(() => checkToolLoading('lazy')).toThrow(
      'toolLoading must be one of "in-conversation", "in-conversation-without-stubs", "tool-list", got "lazy"',
    );
  });

  it('orders the keys of a loadTools result as jsonb stores them, so the stored chat reads the same', () => {
    expect(
      JSON.stringify(
        inStoredKeyOrder({
          definitions: [{ name: 'a', description: 'd', parameters: {} }],
          loaded: ['a'],
          ab: 1,
          b: 2,
        }),
      ),
    ).toBe(
      '{"b":2,"ab":1,"loaded":["a"],"definitions":[{"name":"a","parameters":{},"description":"d"}]}',
    );
  });
});
