import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  functionToolsOf,
  serializeToolsForRequest,
} from '../../host/chat/tool-tokens';

/** What a mock model records of one call: enough to rebuild the provider request. */
export interface RecordedModelCall {
  readonly tools?: readonly { readonly type: string }[];
  readonly prompt: readonly RecordedPromptMessage[];
}

type RecordedPart = { readonly type: string } & Record<string, unknown>;
type RecordedPromptMessage =
  | { readonly role: 'system'; readonly content: string }
  | {
      readonly role: 'user' | 'assistant' | 'tool';
      readonly content: readonly RecordedPart[];
    };

function text(parts: readonly RecordedPart[]): string {
  return parts
    .flatMap((part) =>
      part.type === 'text' && typeof part.text === 'string' ? [part.text] : [],
    )
    .join('');
}

function toolOutputText(output: unknown): string {
  const { type, value } = (output ?? {}) as { type?: string; value?: unknown };
  if (type === 'text' || type === 'error-text') return String(value);
  // json and content outputs both reach an OpenAI-compatible provider as one JSON string.
  return JSON.stringify(value);
}

/** One prompt message as an OpenAI-compatible chat-completions message (one or more for tool results). */
function chatCompletionsMessages(message: RecordedPromptMessage): object[] {
  if (message.role === 'system')
    return [{ role: 'system', content: message.content }];
  if (message.role === 'user')
    return [{ role: 'user', content: text(message.content) }];
  if (message.role === 'assistant') {
    const calls = message.content.filter((part) => part.type === 'tool-call');
    return [
      {
        role: 'assistant',
        content: text(message.content),
        ...(calls.length === 0
          ? {}
          : {
              tool_calls: calls.map((call) => ({
                id: call.toolCallId,
                type: 'function',
                function: {
                  name: call.toolName,
                  arguments: JSON.stringify(call.input),
                },
              })),
            }),
      },
    ];
  }
  return message.content
    .filter((part) => part.type === 'tool-result')
    .map((part) => ({
      role: 'tool',
      tool_call_id: part.toolCallId,
      content: toolOutputText(part.output),
    }));
}

/**
 * One request as the model reads it from an OpenAI-compatible provider: the rendered tools
 * first, then the system prompt, then the messages, each in compact JSON. Providers render
 * tools ahead of the conversation, which is why a changed tools array costs the cached prefix
 * of the whole chat history.
 */
export function renderChatRequest(call: RecordedModelCall): string {
  const tools = functionToolsOf(call.tools);
  const parts = tools.length === 0 ? [] : [serializeToolsForRequest(tools)];
  for (const message of call.prompt)
    parts.push(
      ...chatCompletionsMessages(message).map((entry) => JSON.stringify(entry)),
    );
  return parts.join('\n');
}

/** Tokens of a rendered request under the figures' encoding. */
export function requestTokens(rendered: string): readonly number[] {
  return encode(rendered);
}

/** How many leading tokens two requests share: what a prefix cache can serve of the second. */
export function commonPrefixTokens(
  previous: readonly number[],
  next: readonly number[],
): number {
  const length = Math.min(previous.length, next.length);
  let shared = 0;
  while (shared < length && previous[shared] === next[shared]) shared++;
  return shared;
}
