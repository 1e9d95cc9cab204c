import { simulateReadableStream } from 'ai';
import type { MockLanguageModelV3 } from 'ai/test';

/** One part of what a language model streams (`LanguageModelV3StreamPart`). */
export type ModelStreamPart =
  Awaited<
    ReturnType<MockLanguageModelV3['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;

/** A scripted model's answer for one step: text (the turn ends), tool calls (it goes on), or both. */
export interface ScriptedReply {
  readonly text?: string;
  readonly toolCalls?: readonly {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: unknown;
  }[];
}

// A scripted model reads no usage of its own; a real provider reports its figures.
const NO_USAGE = {
  inputTokens: {
    total: 0,
    noCache: 0,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/**
 * What a scripted model (the reference host's scripted agent, the demo's, the bench's) streams
 * for one reply: its text, then its tool calls, then the finish, as a provider would.
 */
export function scriptedStream(
  reply: ScriptedReply,
): ReadableStream<ModelStreamPart> {
  const parts: ModelStreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (reply.text !== undefined)
    parts.push(
      { type: 'text-start', id: 'text' },
      { type: 'text-delta', id: 'text', delta: reply.text },
      { type: 'text-end', id: 'text' },
    );
  const calls = reply.toolCalls ?? [];
  for (const call of calls)
    parts.push({
      type: 'tool-call',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  parts.push({
    type: 'finish',
    usage: NO_USAGE,
    finishReason: {
      unified: calls.length > 0 ? 'tool-calls' : 'stop',
      raw: undefined,
    },
  });
  return simulateReadableStream({ chunks: parts, chunkDelayInMs: null });
}
