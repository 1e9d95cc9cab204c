import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createScriptedModel } from '../../test/chat/support/scripted-model';
import { ChatTurn } from './chat-turn';
import type { SentStep, TurnEnd } from './chat-turn-hooks';
import type { TurnTool } from './chat-turn-options';

const echo = tool({
  description: 'echo',
  inputSchema: jsonSchema<unknown>({ type: 'object' }),
  execute: async () => ({ ok: true }),
});

const boundTools: TurnTool[] = [
  { name: 'getPage', tier: 'core', tool: echo },
  {
    name: 'getTable',
    tier: 'deferred',
    catalogLine: 'read a table.',
    tool: echo,
  },
];

describe('ChatTurn hooks', () => {
  it('tells the step hook what each step was sent and what the host locked down, and runs the end hook once', async () => {
    const steps: SentStep[] = [];
    const ends: TurnEnd[] = [];
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: true,
      boundTools,
      // The host's final-step lockdown from the second step on.
      prepareStep: ({ stepNumber }) =>
        stepNumber === 0 ? {} : { activeTools: [], toolChoice: 'none' },
      hooks: {
        step: (step) => steps.push(step),
        end: async (how) => {
          ends.push(how);
          return `ended ${ends.length}`;
        },
      },
    });
    expect(Object.keys({ ...turn }).sort()).toEqual([
      'experimental_repairToolCall',
      'prepareStep',
      'tools',
    ]);
    const result = streamText({
      model: createScriptedModel([
        { toolCalls: [{ toolName: 'getPage', input: {} }] },
        { text: 'done' },
      ]),
      prompt: 'hello',
      ...turn,
      stopWhen: stepCountIs(4),
    });
    await result.consumeStream();
    expect(steps).toEqual([
      {
        activeTools: ['getPage', 'loadTools'],
        hostActiveTools: undefined,
        lockedDown: false,
      },
      { activeTools: [], hostActiveTools: [], lockedDown: true },
    ]);
    const first = turn.end({ status: 'aborted' });
    const second = turn.end({ status: 'completed' });
    expect(second).toBe(first);
    await expect(first).resolves.toBe('ended 1');
    expect(ends).toEqual([{ status: 'aborted' }]);
  });

  it('resolves its end with undefined when started without hooks', async () => {
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: false,
      boundTools,
    });
    await expect(turn.end()).resolves.toBeUndefined();
  });
});
