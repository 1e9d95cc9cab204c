/**
 * The model of Docmost's chat in the checks: the repository's loopback OpenAI-compatible
 * endpoint (dev/chat-completions), set in Docmost's own workspace AI settings, answering from a
 * script and recording what Docmost sent it.
 */
import {
  ChatCompletionsServer,
  type AnswerSource,
  type RecordedRequest,
} from '../../dev/chat-completions/chat-completions-server';
import {
  messageText,
  type ModelAnswer,
} from '../../dev/chat-completions/chat-completions';
import Redis from 'ioredis';
import type { DocmostSession } from './docmost-api';
import { sayAdaptation } from './run-step';

export { ChatCompletionsServer as StandInModel, type RecordedRequest };

/** Answers each request with the next of `answers`, then with a plain "Done.". */
export function scripted(answers: readonly ModelAnswer[]): AnswerSource {
  return async (_body, index) => answers[index] ?? { text: 'Done.' };
}

/** The tool names a request sent the model. */
export function toolNames(request: RecordedRequest): string[] {
  return (request.body.tools ?? []).map((tool) => tool.function.name).sort();
}

/** The system prompt a request sent the model. */
export function systemPrompt(request: RecordedRequest): string {
  return request.body.messages
    .filter((message) => message.role === 'system')
    .map(messageText)
    .join('\n');
}

/** The text of every tool result a request carried back to the model. */
export function toolResults(request: RecordedRequest): string[] {
  return request.body.messages
    .filter((message) => message.role === 'tool')
    .map(messageText);
}

/**
 * Points the workspace's AI at the stand-in (Docmost's own settings route, as an admin does in
 * Workspace settings → AI) and turns its chat on (`aiChat`, Docmost's workspace switch).
 */
export async function useStandInModel(
  owner: DocmostSession,
  model: ChatCompletionsServer,
): Promise<void> {
  await owner.call('workspace/ai-settings/update', {
    driver: 'openai',
    chatApiStyle: 'openai-compatible',
    baseUrl: model.baseUrl,
    apiKey: 'stand-in-key',
    chatModel: 'loopback-model',
  });
  await owner.call('workspace/update', { aiChat: true });
}

/**
 * One turn of Docmost's chat (`POST /api/ai-chat/stream`, as its client's `useChat` sends it),
 * read to the end. Resolves with the streamed UI-message lines; throws on a non-200.
 */
export async function chatTurn(
  session: DocmostSession,
  turn: { text: string; chatId?: string; openPageId?: string },
): Promise<{ events: unknown[]; chatId?: string }> {
  const response = await fetch(`${session.baseUrl}/api/ai-chat/stream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `authToken=${session.authToken}`,
    },
    body: JSON.stringify({
      chatId: turn.chatId,
      openPage: turn.openPageId === undefined ? null : { id: turn.openPageId },
      messages: [
        {
          id: `message-${Date.now()}`,
          role: 'user',
          parts: [{ type: 'text', text: turn.text }],
        },
      ],
    }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(
      `Docmost's chat answered ${response.status}: ${text.slice(0, 500)}`,
    );
  const events = text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
  const start = events.find(
    (event): event is { messageMetadata: { chatId?: string } } =>
      typeof event === 'object' && event !== null && 'messageMetadata' in event,
  );
  return { events, chatId: start?.messageMetadata.chatId };
}

let throttleAdaptationSaid = false;

/**
 * Forgets Docmost's request counts in its Redis (`throttle:{<key>:<throttler>}:hits` / `:blocked`):
 * every named throttler of Docmost's (its chat's 25 a minute, and the tighter ones it also
 * applies to that route) would refuse a check's turns past a handful a minute, which a person
 * chatting never reaches.
 */
export async function clearDocmostThrottles(redisUrl: string): Promise<void> {
  if (!throttleAdaptationSaid) {
    sayAdaptation(
      "Docmost's per-minute request limits (its throttlers, counted in Redis) are cleared before each chat turn of a check",
    );
    throttleAdaptationSaid = true;
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        'throttle:*',
        'COUNT',
        1000,
      );
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
