import {
  generateText,
  simulateReadableStream,
  stepCountIs,
  streamText,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

export type ModelCallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamPart =
  Awaited<
    ReturnType<MockLanguageModelV3['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;

const USAGE = {
  inputTokens: {
    total: 10,
    noCache: 10,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

export interface ScriptedToolCall {
  readonly toolName: string;
  /** Sent as the model would: a JSON string of this value. */
  readonly input: unknown;
  readonly toolCallId?: string;
}

function firstAnswer(calls: readonly ScriptedToolCall[]): GenerateResult {
  return {
    content: calls.map((call, index) => ({
      type: 'tool-call' as const,
      toolCallId: call.toolCallId ?? `call-${index + 1}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    })),
    finishReason: {
      unified: calls.length > 0 ? 'tool-calls' : 'stop',
      raw: undefined,
    },
    usage: USAGE,
    warnings: [],
  };
}

const DONE: GenerateResult = {
  content: [{ type: 'text', text: 'Done.' }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: USAGE,
  warnings: [],
};

/**
 * One `generateText` turn against a `MockLanguageModelV3` that makes `calls` in its first step
 * and answers "Done." in its second. Returns what each step was sent (tools and prompt) and the
 * SDK's step results.
 */
export async function generateWithToolCalls(
  tools: ToolSet,
  calls: readonly ScriptedToolCall[],
) {
  const answers = [firstAnswer(calls), DONE];
  const model = new MockLanguageModelV3({
    doGenerate: async () => answers.shift() ?? DONE,
  });
  const result = await generateText({
    model,
    tools,
    prompt: 'Do it.',
    stopWhen: stepCountIs(3),
  });
  return { result, sent: model.doGenerateCalls };
}

/** The same turn through `streamText`, which the in-app chat uses. */
export async function streamWithToolCalls(
  tools: ToolSet,
  calls: readonly ScriptedToolCall[],
) {
  const toParts = (answer: GenerateResult): StreamPart[] => [
    { type: 'stream-start', warnings: [] },
    ...answer.content.map((part): StreamPart => {
      if (part.type === 'tool-call') return part;
      if (part.type === 'text')
        return { type: 'text-delta', id: 't', delta: part.text };
      throw new Error(`unexpected part ${part.type}`);
    }),
    { type: 'finish', usage: answer.usage, finishReason: answer.finishReason },
  ];
  const answers = [firstAnswer(calls), DONE];
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: toParts(answers.shift() ?? DONE),
      }),
    }),
  });
  const result = streamText({
    model,
    tools,
    prompt: 'Do it.',
    stopWhen: stepCountIs(3),
  });
  await result.consumeStream();
  return { steps: await result.steps, sent: model.doStreamCalls };
}

/** The tool results the model was sent in one call, by tool call id. */
export function sentToolResults(
  options: ModelCallOptions,
): Map<string, unknown> {
  const results = new Map<string, unknown>();
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result')
        results.set(part.toolCallId, part.output);
    }
  }
  return results;
}
