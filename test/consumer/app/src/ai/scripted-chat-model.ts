import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

type StreamPart =
  Awaited<
    ReturnType<MockLanguageModelV3['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;
type CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
type ToolResultOutput = Extract<
  Extract<CallOptions['prompt'][number], { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

const USAGE = {
  inputTokens: {
    total: 10,
    noCache: 10,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** One call of the model: the names of the tools it was sent. */
export interface ModelStep {
  readonly tools: readonly string[];
}

/** Everything the model read of a tool result, as text (JSON values serialised). */
function textOf(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'content':
      return output.value
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('\n');
    default:
      return '';
  }
}

/** The text of every tool result the model was sent, latest last. */
function toolResultTexts(options: CallOptions): string[] {
  const texts: string[] = [];
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content)
      if (part.type === 'tool-result') texts.push(textOf(part.output));
  }
  return texts;
}

function lastUserText(options: CallOptions): string {
  const users = options.prompt.filter((message) => message.role === 'user');
  const last = users[users.length - 1];
  if (last === undefined) return '';
  return last.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
}

/** The first step's tool call for the user's message. */
function callFor(
  message: string,
  pageId: string,
): { toolName: string; input: Record<string, string> } {
  const named = /call the tool named (\S+)/i.exec(message);
  if (named) return { toolName: named[1]!, input: {} };
  const space = /create a page in space ([0-9a-f-]{36})/i.exec(message);
  // A deferred tool called directly, without loadTools first: it must not run.
  if (space)
    return {
      toolName: 'createPage',
      input: { spaceId: space[1]!, title: 'Created without loading' },
    };
  return { toolName: 'getPage', input: { pageId } };
}

/** The answer once a tool result is in: the page's title, or what the tool said. */
function answerFrom(result: string, calledTool: string): string {
  const signal = /^\[signal\].*$/m.exec(result)?.[0];
  if (calledTool !== 'getPage') return `${calledTool} answered: ${result}`;
  const title = /"title":\s*"([^"]*)"/.exec(result)?.[1];
  const answer =
    title === undefined
      ? 'getPage returned no title.'
      : `The open page is "${title}".`;
  return signal === undefined ? answer : `${answer}\n${signal}`;
}

/**
 * Stands in for the provider Docmost configures. Its first step calls one tool (getPage on the
 * open page; createPage, a deferred tool, without loading it, when asked to create a page in a
 * space; any name when asked to call the tool named so); its second answers from the result: the title, and any `[signal]` line the result
 * carried, repeated on a line of its own. Each call's tool names go to `onStep`.
 */
export function createScriptedChatModel(
  pageId: string,
  onStep: (step: ModelStep) => void,
): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async (options) => {
      onStep({ tools: (options.tools ?? []).map((tool) => tool.name) });
      const results = toolResultTexts(options);
      const call = callFor(lastUserText(options), pageId);
      const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (results.length === 0) {
        parts.push({
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: call.toolName,
          input: JSON.stringify(call.input),
        });
      } else {
        const text = answerFrom(results[results.length - 1]!, call.toolName);
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
          unified: results.length === 0 ? 'tool-calls' : 'stop',
          raw: undefined,
        },
      });
      return { stream: simulateReadableStream({ chunks: parts }) };
    },
  });
}
