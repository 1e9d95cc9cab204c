import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

type StreamPart =
  Awaited<
    ReturnType<MockLanguageModelV3['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;
type CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];

const USAGE = {
  inputTokens: {
    total: 10,
    noCache: 10,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** The title in the getPage result the model was sent, if any. */
function titleFromToolResult(options: CallOptions): string | undefined {
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'getPage') continue;
      const output = part.output;
      if (output.type === 'json' && typeof output.value === 'object') {
        const title = (output.value as { title?: unknown } | null)?.title;
        if (typeof title === 'string') return title;
      }
      if (output.type === 'text')
        return /"title":\s*"([^"]*)"/.exec(output.value)?.[1];
    }
  }
  return undefined;
}

/**
 * Stands in for the provider Docmost configures: the first step reads the open page with
 * getPage, the second answers with the title the tool returned (or says it got none).
 */
export function createScriptedChatModel(pageId: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async (options) => {
      const calledTool = options.prompt.some(
        (message) => message.role === 'tool',
      );
      const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (!calledTool) {
        parts.push({
          type: 'tool-call',
          toolCallId: 'call-get-page',
          toolName: 'getPage',
          input: JSON.stringify({ pageId }),
        });
      } else {
        const title = titleFromToolResult(options);
        const text =
          title === undefined
            ? 'getPage returned no title.'
            : `The open page is "${title}".`;
        parts.push(
          { type: 'text-start', id: 'answer' },
          { type: 'text-delta', id: 'answer', delta: text },
          { type: 'text-end', id: 'answer' },
        );
      }
      parts.push({
        type: 'finish',
        usage: USAGE,
        finishReason: {
          unified: calledTool ? 'stop' : 'tool-calls',
          raw: undefined,
        },
      });
      return { stream: simulateReadableStream({ chunks: parts }) };
    },
  });
}
