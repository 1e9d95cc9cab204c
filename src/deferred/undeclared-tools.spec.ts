import { jsonSchema, stepCountIs, streamText, tool, type Tool } from 'ai';
import {
  createScriptedModel,
  sentToolResults,
  type ScriptEntry,
} from '../../test/chat/support/scripted-model';
import { ChatTurn } from './chat-turn';
import type { SentStep } from './chat-turn-hooks';
import type { TurnTool } from './chat-turn-options';
import { withUndeclaredTools } from './undeclared-tools';

function pageTool(name: string, calls: string[]): Tool {
  return tool({
    description: `${name} description`,
    inputSchema: jsonSchema<{ id: string }>(
      {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      },
      {
        validate: (value) =>
          typeof (value as { id?: unknown } | null)?.id === 'string'
            ? { success: true, value: value as { id: string } }
            : { success: false, error: new Error('id: expected a string.') },
      },
    ),
    execute: async ({ id }) => {
      calls.push(`${name} ${id}`);
      return { tool: name, id };
    },
  });
}

function boundTools(calls: string[]): TurnTool[] {
  return [
    { name: 'getPage', tier: 'core', tool: pageTool('getPage', calls) },
    {
      name: 'getTable',
      tier: 'deferred',
      catalogLine: 'read a table.',
      tool: pageTool('getTable', calls),
    },
    {
      name: 'patchNode',
      tier: 'deferred',
      catalogLine: 'replace one block.',
      tool: pageTool('patchNode', calls),
    },
  ];
}

async function runTurn(turn: ChatTurn, script: ScriptEntry[]) {
  const model = createScriptedModel(script);
  const result = streamText({
    model,
    prompt: 'hello',
    stopWhen: stepCountIs(6),
    ...turn,
  });
  await result.consumeStream();
  return model;
}

describe('in-conversation loading without stubs', () => {
  it('declares only the core tools and loadTools on every step, and runs a loaded tool called from its definition', async () => {
    const calls: string[] = [];
    const steps: SentStep[] = [];
    const turn = new ChatTurn({
      toolLoading: 'in-conversation-without-stubs',
      enabled: true,
      boundTools: boundTools(calls),
      hooks: { step: (step) => steps.push(step), end: async () => undefined },
    });
    const model = await runTurn(turn, [
      {
        toolCalls: [
          {
            toolName: 'loadTools',
            input: { names: ['getTable'] },
            toolCallId: 'load',
          },
        ],
      },
      { toolCalls: [{ toolName: 'getTable', input: { id: 'p1' } }] },
      { text: 'Done.' },
    ]);
    const declared = model.doStreamCalls.map((call) =>
      (call.tools ?? []).map((entry) => entry.name),
    );
    expect(declared).toEqual([
      ['getPage', 'loadTools'],
      ['getPage', 'loadTools'],
      ['getPage', 'loadTools'],
    ]);
    // The definition the model calls it by is in the conversation.
    const loadResult = sentToolResults(model.doStreamCalls[1]!).get('load')
      ?.output as { value: { definitions: { name: string }[] } };
    expect(loadResult.value.definitions.map((entry) => entry.name)).toEqual([
      'getTable',
    ]);
    expect(calls).toEqual(['getTable p1']);
    // The turn's figures count what the provider received.
    expect(steps.map((step) => step.activeTools)).toEqual(declared);
  });

  it('still refuses a call with bad input, and loads a tool called before loading, with its definition', async () => {
    const calls: string[] = [];
    const turn = new ChatTurn({
      toolLoading: 'in-conversation-without-stubs',
      enabled: true,
      boundTools: boundTools(calls),
    });
    const model = await runTurn(turn, [
      {
        toolCalls: [
          { toolName: 'patchNode', input: { id: 'p1' }, toolCallId: 'early' },
        ],
      },
      {
        toolCalls: [
          { toolName: 'patchNode', input: { block: 1 }, toolCallId: 'bad' },
        ],
      },
      { toolCalls: [{ toolName: 'patchNode', input: { id: 'p1' } }] },
      { text: 'Done.' },
    ]);
    const text = (id: string, step: number) =>
      String(
        (
          sentToolResults(model.doStreamCalls[step]!).get(id)?.output as {
            value: unknown;
          }
        ).value,
      );
    expect(text('early', 1)).toContain(
      'patchNode was not loaded, so this call did not run',
    );
    expect(text('early', 1)).toContain('"description":"patchNode description"');
    expect(text('bad', 2)).toContain(
      'Invalid input for patchNode, so the call did not run',
    );
    expect(calls).toEqual(['patchNode p1']);
  });

  it('keeps a tool declared when the step forces a call of it, and leaves a model given by id as it is', async () => {
    const model = createScriptedModel([{ text: 'Done.' }]);
    const settings = withUndeclaredTools(
      { model },
      new Set(['getTable', 'patchNode']),
    );
    const wrapped = settings?.model as typeof model;
    const declare = (name: string) => ({
      type: 'function' as const,
      name,
      inputSchema: { type: 'object' as const },
    });
    await wrapped.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
      tools: [declare('getPage'), declare('getTable'), declare('patchNode')],
      toolChoice: { type: 'tool', toolName: 'getTable' },
    });
    expect(model.doStreamCalls[0]!.tools!.map((entry) => entry.name)).toEqual([
      'getPage',
      'getTable',
    ]);
    const byId = withUndeclaredTools(
      { model: 'openai/gpt-5' },
      new Set(['getTable']),
    );
    expect(byId).toEqual({ model: 'openai/gpt-5' });
  });
});
