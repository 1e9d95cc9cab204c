import { ToolError } from '../ground';
import { jsonSchema, stepCountIs, streamText, tool, type Tool } from 'ai';
import {
  createScriptedModel,
  sentToolNames,
  sentToolResults,
  type ScriptEntry,
} from '../../test/chat/support/scripted-model';
import { ChatTurn } from './chat-turn';
import type { TurnTool } from './chat-turn-options';
import { LOAD_TOOLS_DESCRIPTION } from './verbatim-texts';
import { SPECIFIED_LOAD_TOOLS_DESCRIPTION } from '../../test/deferred/specified-texts';

function echoTool(name: string, calls: string[] = []): Tool {
  return tool({
    description: `${name} description`,
    inputSchema: jsonSchema<unknown>({
      type: 'object',
      properties: { id: { type: 'string' } },
    }),
    execute: async (input) => {
      calls.push(name);
      return { tool: name, input };
    },
  });
}

function boundTools(calls: string[] = []): TurnTool[] {
  return [
    { name: 'searchPages', tier: 'core', tool: echoTool('searchPages', calls) },
    {
      name: 'getTable',
      tier: 'deferred',
      catalogLine: 'read a table.',
      tool: echoTool('getTable', calls),
    },
    { name: 'getPage', tier: 'core', tool: echoTool('getPage', calls) },
    {
      name: 'patchNode',
      tier: 'deferred',
      catalogLine: 'replace one block.',
      tool: echoTool('patchNode', calls),
    },
    {
      name: 'deleteNode',
      tier: 'deferred',
      catalogLine: 'remove one block.',
      tool: echoTool('deleteNode', calls),
    },
  ];
}

const externalServers = [
  { name: 'Web', prefix: 'web', tools: { web_fetch: echoTool('web_fetch') } },
];

/** The tools a tool-list turn starts with: the core ones in canonical order, then loadTools. */
const CORE_ACTIVE = ['searchPages', 'getPage', 'loadTools'];

/** A tool-list turn over the bound tools above: the set-up every case shares. */
function toolListTurn({
  enabled = true,
  calls = [],
  externalServers: servers,
}: {
  enabled?: boolean;
  calls?: string[];
  externalServers?: typeof externalServers;
} = {}): ChatTurn {
  return new ChatTurn({
    toolLoading: 'tool-list',
    enabled,
    boundTools: boundTools(calls),
    ...(servers === undefined ? {} : { externalServers: servers }),
  });
}

function errorOf(run: () => unknown): ToolError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a ToolError');
}

async function runTurn(turn: ChatTurn, script: ScriptEntry[], maxSteps = 6) {
  const model = createScriptedModel(script);
  const result = streamText({
    model,
    tools: turn.tools,
    prompt: 'hello',
    stopWhen: stepCountIs(maxSteps),
    prepareStep: () => {
      const activeTools = turn.activeTools();
      return activeTools === undefined ? {} : { activeTools: [...activeTools] };
    },
    experimental_repairToolCall: turn.experimental_repairToolCall,
  });
  await result.consumeStream();
  return { model, steps: await result.steps };
}

describe('ChatTurn', () => {
  it('uses the specified loadTools description verbatim', () => {
    expect(LOAD_TOOLS_DESCRIPTION).toBe(SPECIFIED_LOAD_TOOLS_DESCRIPTION);
    const turn = toolListTurn();
    expect(turn.tools.loadTools?.description).toBe(
      SPECIFIED_LOAD_TOOLS_DESCRIPTION,
    );
  });

  it('starts with the core tools in canonical order, then loadTools', () => {
    const turn = toolListTurn({ externalServers });
    expect(turn.activeTools()).toEqual(CORE_ACTIVE);
    expect(turn.deferredToolNames).toEqual([
      'getTable',
      'patchNode',
      'deleteNode',
      'web_fetch',
    ]);
  });

  it('appends activated tools in load order and reports already active names', () => {
    const turn = toolListTurn({ externalServers });
    expect(turn.activate(['patchNode'])).toEqual({ loaded: ['patchNode'] });
    expect(
      turn.activate(['web_fetch', 'getTable', 'patchNode', 'getPage']),
    ).toEqual({
      loaded: ['web_fetch', 'getTable'],
      alreadyActive: ['patchNode', 'getPage'],
    });
    expect(turn.activeTools()).toEqual([
      ...CORE_ACTIVE,
      'patchNode',
      'web_fetch',
      'getTable',
    ]);
    expect(turn.activatedToolNames).toEqual([
      'patchNode',
      'web_fetch',
      'getTable',
    ]);
  });

  it('rejects unknown names with the valid ones and activates nothing of that call', () => {
    const turn = toolListTurn({ externalServers });
    const error = errorOf(() =>
      turn.activate(['getTable', 'getTabel', 'nope']),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'Unknown tool names: "getTabel", "nope". Valid names (exact, case-sensitive): getTable, patchNode, deleteNode, web_fetch',
    );
    expect(turn.activeTools()).toEqual(CORE_ACTIVE);
  });

  it('toggle OFF: every bound tool active, no loadTools, no catalog', () => {
    const turn = toolListTurn({ enabled: false, externalServers });
    expect(turn.activeTools()).toBeUndefined();
    expect(Object.keys(turn.tools)).toEqual([
      'searchPages',
      'getTable',
      'getPage',
      'patchNode',
      'deleteNode',
      'web_fetch',
    ]);
    expect(turn.catalogBlock).toBe('');
  });

  it('toggle ON lists exactly the deferred set in the catalog', () => {
    const turn = toolListTurn({ externalServers });
    const listed = turn.catalogBlock
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(listed).toEqual([
      '- getTable — read a table.',
      '- patchNode — replace one block.',
      '- deleteNode — remove one block.',
      '- web_* (external MCP server "Web") — see <mcp_tooling> for guidance; load individual tools by exact name: web_fetch',
    ]);
  });

  it('makes a tool loaded by loadTools visible on the next step, and callable', async () => {
    const calls: string[] = [];
    const turn = toolListTurn({ calls });
    const { model } = await runTurn(turn, [
      {
        toolCalls: [{ toolName: 'loadTools', input: { names: ['getTable'] } }],
      },
      { toolCalls: [{ toolName: 'getTable', input: { id: 't1' } }] },
    ]);
    const sent = model.doStreamCalls.map(sentToolNames);
    expect(sent[0]).toEqual(CORE_ACTIVE);
    expect(sent[1]).toEqual([...CORE_ACTIVE, 'getTable']);
    expect(calls).toEqual(['getTable']);
  });

  it('keeps each step tools array a byte-prefix of the next one', async () => {
    const turn = toolListTurn();
    const { model } = await runTurn(turn, [
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['deleteNode'] } },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'loadTools',
            input: { names: ['getTable', 'patchNode'] },
          },
        ],
      },
    ]);
    const serialized = model.doStreamCalls.map((call) =>
      JSON.stringify(call.tools),
    );
    expect(model.doStreamCalls.map(sentToolNames)[2]).toEqual([
      ...CORE_ACTIVE,
      'deleteNode',
      'getTable',
      'patchNode',
    ]);
    for (let step = 1; step < serialized.length; step++) {
      expect(
        serialized[step]!.startsWith(serialized[step - 1]!.slice(0, -1)),
      ).toBe(true);
    }
  });

  it('repairs a direct call of an unloaded deferred tool into loadTools and says to call it again', async () => {
    const calls: string[] = [];
    const turn = toolListTurn({ calls });
    const { model } = await runTurn(turn, [
      {
        toolCalls: [
          { toolName: 'getTable', input: { id: 't1' }, toolCallId: 'direct-1' },
        ],
      },
    ]);
    const result = sentToolResults(model.doStreamCalls[1]!).get('direct-1');
    expect(result?.toolName).toBe('loadTools');
    expect(result?.output).toEqual({
      type: 'json',
      value: {
        loaded: ['getTable'],
        note: 'You called getTable directly, but it was not loaded yet, so that call was turned into this loadTools call and did NOT run. getTable is now loaded: call getTable again on your next step.',
        retry: { toolName: 'getTable', input: { id: 't1' } },
      },
    });
    expect(sentToolNames(model.doStreamCalls[1]!)).toContain('getTable');
    expect(calls).toEqual([]);
  });

  it('leaves calls of tools that exist nowhere to the SDK error', async () => {
    const turn = toolListTurn();
    const { model } = await runTurn(turn, [
      { toolCalls: [{ toolName: 'fooBar', input: {}, toolCallId: 'bad-1' }] },
    ]);
    const result = sentToolResults(model.doStreamCalls[1]!).get('bad-1');
    expect(result?.output).toMatchObject({ type: 'error-text' });
    expect(JSON.stringify(result?.output)).toContain(
      "Model tried to call unavailable tool 'fooBar'",
    );
    expect(turn.activatedToolNames).toEqual([]);
  });

  it('returns the loadTools error, listing valid names, to the model as a tool error', async () => {
    const turn = toolListTurn();
    const { model } = await runTurn(turn, [
      {
        toolCalls: [
          {
            toolName: 'loadTools',
            input: { names: ['getTables'] },
            toolCallId: 'load-1',
          },
        ],
      },
    ]);
    expect(
      sentToolResults(model.doStreamCalls[1]!).get('load-1')?.output,
    ).toEqual({
      type: 'error-text',
      value:
        'Unknown tool name: "getTables". Valid names (exact, case-sensitive): getTable, patchNode, deleteNode',
    });
  });

  it('keeps concurrent turns apart', async () => {
    const first = toolListTurn();
    const second = toolListTurn();
    const [a, b] = await Promise.all([
      runTurn(first, [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['getTable'] } },
          ],
        },
        { text: 'a' },
      ]),
      runTurn(second, [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['patchNode'] } },
          ],
        },
        { text: 'b' },
      ]),
    ]);
    expect(sentToolNames(a.model.doStreamCalls[1]!)).toEqual([
      ...CORE_ACTIVE,
      'getTable',
    ]);
    expect(sentToolNames(b.model.doStreamCalls[1]!)).toEqual([
      ...CORE_ACTIVE,
      'patchNode',
    ]);
  });
});
