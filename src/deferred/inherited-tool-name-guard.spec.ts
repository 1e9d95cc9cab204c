import {
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  type PrepareStepFunction,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ChatTurn } from './chat-turn';
import type { TurnTool } from './chat-turn-options';
import type { ModelStreamPart } from './step-model-wrapping';

type CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
const USAGE = {
  inputTokens: {
    total: 1,
    noCache: 1,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

const INHERITED_NAMES = ['constructor', 'toString', '__proto__', 'valueOf'];

/** The text of every tool result or error the model was sent. */
function toolResultsSent(options: CallOptions): string[] {
  return options.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' ? [JSON.stringify(part.output)] : [],
        )
      : [],
  );
}

/** Step 1 calls `toolName`; step 2 answers with what it read. Records each call's prompt. */
function modelCalling(toolName: string, calls: CallOptions[]) {
  return new MockLanguageModelV3({
    doStream: async (options) => {
      calls.push(options);
      const parts: ModelStreamPart[] = [{ type: 'stream-start', warnings: [] }];
      const first = calls.length === 1;
      if (first)
        parts.push({
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName,
          input: '{}',
        });
      else
        parts.push(
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'answered' },
          { type: 'text-end', id: 't' },
        );
      parts.push({
        type: 'finish',
        usage: USAGE,
        finishReason: {
          unified: first ? 'tool-calls' : 'stop',
          raw: undefined,
        },
      });
      return { stream: simulateReadableStream({ chunks: parts }) };
    },
  });
}

function turnWith(enabled: boolean): ChatTurn {
  const getPage: TurnTool = {
    name: 'getPage',
    tier: 'core',
    tool: tool({
      description: 'getPage',
      inputSchema: jsonSchema<unknown>({ type: 'object' }),
      execute: async () => ({ page: 1 }),
    }),
  };
  return new ChatTurn({
    toolLoading: 'tool-list',
    enabled,
    boundTools: [getPage],
    prepareStep: lockdownAfterTwoSteps,
  });
}

/** A host's own prepareStep: nothing on the first two steps, then its final-step lockdown. */
const lockdownAfterTwoSteps: PrepareStepFunction<ToolSet> = ({ stepNumber }) =>
  stepNumber < 2 ? undefined : { activeTools: [], toolChoice: 'none' };

/**
 * A model calling a name every object inherits (`constructor`, `toString`, `__proto__`) used to
 * end the chat turn silently: the SDK found `Object`'s member as the tool, which never answers.
 */
describe.each([true, false])(
  'a chat turn whose model calls a name objects inherit (deferred tools %s)',
  (enabled) => {
    it.each(INHERITED_NAMES)(
      '%s fails as an unavailable tool the model reads, and the turn goes on',
      async (name) => {
        const calls: CallOptions[] = [];
        const turn = turnWith(enabled);
        const result = streamText({
          model: modelCalling(name, calls),
          prompt: 'hello',
          ...turn,
          stopWhen: stepCountIs(4),
        });
        expect(await result.text).toBe('answered');
        expect(calls).toHaveLength(2);
        const [sent] = toolResultsSent(calls[1]!);
        expect(sent).toContain(`unavailable tool '${name}-is-not-a-tool'`);
        expect(await result.finishReason).toBe('stop');
      },
    );
  },
);

describe('the guard leaves every other call alone', () => {
  it('runs a real tool, and the wrapped model keeps its model id', async () => {
    const calls: CallOptions[] = [];
    const turn = turnWith(true);
    const result = streamText({
      model: modelCalling('getPage', calls),
      prompt: 'hello',
      ...turn,
      stopWhen: stepCountIs(4),
    });
    expect(await result.text).toBe('answered');
    expect(toolResultsSent(calls[1]!)).toEqual([
      JSON.stringify({ type: 'json', value: { page: 1 } }),
    ]);
    const response = await result.response;
    expect(response.modelId).toBe('mock-model-id');
  });
});
