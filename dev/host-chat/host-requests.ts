import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { SeedResult } from '../../host/seed/seed-demo-workspace';
import { parseUiMessageStream, type UiMessageChunk } from './ui-message-stream';

export type SeedUser = SeedResult['users'][number];

/** The seeded user with `email`, or undefined. */
export function seedUser(
  seed: SeedResult,
  email: string,
): SeedUser | undefined {
  return seed.users.find((candidate) => candidate.email === email);
}

/** `POST url` with a JSON body, signed in as the user whose token is `token`, in-process. */
export function postAsUser(
  app: NestFastifyApplication,
  token: string,
  url: string,
  body: unknown,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

/** One turn through the reference host's chat route, as its UI reads it. */
export interface HostChatTurn {
  readonly chatId: string;
  readonly chunks: readonly UiMessageChunk[];
  /** Why the turn failed (an HTTP status, a stream error), if it did. */
  readonly failure?: string;
}

/** Plays one turn through `POST /api/ai/chat` (a new chat, or `chatId`'s next turn). */
export async function postChatTurn(
  app: NestFastifyApplication,
  token: string,
  body: { message: string; chatId?: string; pageId?: string },
): Promise<HostChatTurn> {
  const response = await postAsUser(app, token, '/api/ai/chat', body);
  if (response.statusCode !== 200)
    return {
      chatId: '',
      chunks: [],
      failure: `POST /api/ai/chat answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
    };
  const chunks = parseUiMessageStream(response.body);
  const streamError = chunks.find((chunk) => chunk.type === 'error');
  return {
    chatId: String(response.headers['x-chat-id'] ?? ''),
    chunks,
    ...(streamError === undefined
      ? {}
      : { failure: `the turn failed: ${String(streamError.errorText)}` }),
  };
}
