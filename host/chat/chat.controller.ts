import { Body, Controller, Post, Res } from '@nestjs/common';
import { pipeUIMessageStreamToResponse } from 'ai';
import type { FastifyReply } from 'fastify';
import { parseRequestBody } from '../../src';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CHAT_REQUEST_EXPECTED, chatRequestSchema } from './chat-request';
import { ChatService } from './chat.service';

/** Response header carrying the chat id, for clients that do not read message metadata. */
export const CHAT_ID_HEADER = 'x-chat-id';

@Controller('ai')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /**
   * `{ message, chatId?, pageId? }` -> the AI SDK UI message stream (SSE) of one turn. Errors
   * found before the model starts are plain JSON errors (400, 404, 503); later ones arrive as
   * `error` chunks of the stream.
   */
  @Post('chat')
  async chatTurn(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const request = parseRequestBody(
      chatRequestSchema,
      body,
      CHAT_REQUEST_EXPECTED,
    );
    const abort = new AbortController();
    const turn = await this.chat.startTurn({
      user,
      ...request,
      abortSignal: abort.signal,
    });
    // From here on the raw response is ours: Fastify must not send anything itself.
    reply.hijack();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    await pipeUIMessageStreamToResponse({
      response: reply.raw,
      stream: turn.stream,
      headers: { [CHAT_ID_HEADER]: turn.chatId },
    });
  }
}
