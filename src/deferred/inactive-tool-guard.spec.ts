import { jsonSchema, tool, type Tool } from 'ai';
import { ToolError } from '../registry/tool-error';
import { ChatTurn } from './chat-turn';
import type { TurnTool } from './chat-turn-options';

function recordingTool(name: string, calls: string[]): Tool {
  return tool({
    description: name,
    inputSchema: jsonSchema<unknown>({ type: 'object' }),
    execute: async () => {
      calls.push(name);
      return { ran: name };
    },
  });
}

function chatTurn(calls: string[]): ChatTurn {
  const bound: TurnTool[] = [
    { name: 'getPage', tier: 'core', tool: recordingTool('getPage', calls) },
    {
      name: 'createPage',
      tier: 'deferred',
      catalogLine: 'create a page.',
      tool: recordingTool('createPage', calls),
    },
  ];
  return new ChatTurn({
    toolLoading: 'tool-list',
    enabled: true,
    boundTools: bound,
  });
}

/** What an AI SDK before 6.0.231 does with a call of a tool in `tools`: runs it, active or not. */
function runAsAnOldSdkWould(turn: ChatTurn, name: string) {
  return turn.tools[name]!.execute!(
    {},
    { toolCallId: `call-${name}`, messages: [] },
  );
}

/**
 * Docmost pins `ai` 6.0.134, which executes any tool in `tools` whatever the step's
 * `activeTools`: the module itself keeps a deferred tool from running before it is loaded.
 */
describe('a deferred tool called before it is loaded, on an SDK that would run it', () => {
  it('does not run; it is loaded for the next step, and the model reads to call again', async () => {
    const calls: string[] = [];
    const turn = chatTurn(calls);
    const first = await turn.prepareStep({
      stepNumber: 0,
      steps: [],
      model: {} as never,
      messages: [],
    } as never);
    expect(first?.activeTools).toEqual(['getPage', 'loadTools']);

    const refused = await Promise.resolve()
      .then(() => runAsAnOldSdkWould(turn, 'createPage'))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).message).toBe(
      'createPage was not loaded, so this call did not run. It is loaded now: call createPage again with the same input.',
    );
    expect(calls).toEqual([]);
    await runAsAnOldSdkWould(turn, 'getPage');
    expect(calls).toEqual(['getPage']);

    // The next step is sent the tool, and the call runs.
    const second = await turn.prepareStep({
      stepNumber: 1,
      steps: [],
      model: {} as never,
      messages: [],
    } as never);
    expect(second?.activeTools).toEqual(['getPage', 'loadTools', 'createPage']);
    await runAsAnOldSdkWould(turn, 'createPage');
    expect(calls).toEqual(['getPage', 'createPage']);
  });

  it('runs every tool when deferred tools are off', async () => {
    const calls: string[] = [];
    const bound: TurnTool[] = [
      {
        name: 'createPage',
        tier: 'deferred',
        catalogLine: 'create a page.',
        tool: recordingTool('createPage', calls),
      },
    ];
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: false,
      boundTools: bound,
    });
    await runAsAnOldSdkWould(turn, 'createPage');
    expect(calls).toEqual(['createPage']);
  });
});
