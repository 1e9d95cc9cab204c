import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

export type ModelCallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
type StreamPart =
  Awaited<
    ReturnType<MockLanguageModelV3['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;

/** One scripted model answer: tool calls (the step continues) or text (the turn ends). */
export interface ScriptedStep {
  readonly text?: string;
  readonly toolCalls?: readonly {
    readonly toolName: string;
    readonly input: unknown;
    readonly toolCallId?: string;
  }[];
}

/** A step, or a function that picks one from what the model was sent (e.g. tool results). */
export type ScriptEntry =
  ScriptedStep | ((options: ModelCallOptions) => ScriptedStep);

const USAGE = {
  inputTokens: {
    total: 10,
    noCache: 10,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

let callCounter = 0;

function toStreamParts(step: ScriptedStep): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.text !== undefined) {
    parts.push(
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: step.text },
      { type: 'text-end', id: 't' },
    );
  }
  for (const call of step.toolCalls ?? []) {
    parts.push({
      type: 'tool-call',
      toolCallId: call.toolCallId ?? `call-${++callCounter}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  }
  const toolCalls = (step.toolCalls ?? []).length > 0;
  parts.push({
    type: 'finish',
    usage: USAGE,
    finishReason: {
      unified: toolCalls ? 'tool-calls' : 'stop',
      raw: undefined,
    },
  });
  return parts;
}

/**
 * A `MockLanguageModelV3` that plays a script, one entry per step, then answers "Done." It
 * records what every step was sent (`doStreamCalls`: tools, toolChoice, prompt).
 */
export function createScriptedModel(
  script: readonly ScriptEntry[],
): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    doStream: async (options) => {
      const entry = script[index++];
      const step =
        entry === undefined
          ? { text: 'Done.' }
          : typeof entry === 'function'
            ? entry(options)
            : entry;
      return {
        stream: simulateReadableStream({ chunks: toStreamParts(step) }),
      };
    },
  });
}

/** Names of the function tools one model call was sent, in the order sent. */
export function sentToolNames(options: ModelCallOptions): string[] {
  return (options.tools ?? []).map((tool) => tool.name);
}

/** The system prompt one model call was sent. */
export function sentSystem(options: ModelCallOptions): string {
  const system = options.prompt.find((message) => message.role === 'system');
  return system?.role === 'system' ? system.content : '';
}

/** The tool results one model call was sent, by tool call id. */
export function sentToolResults(
  options: ModelCallOptions,
): Map<string, { toolName: string; output: unknown }> {
  const results = new Map<string, { toolName: string; output: unknown }>();
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result')
        results.set(part.toolCallId, {
          toolName: part.toolName,
          output: part.output,
        });
    }
  }
  return results;
}
