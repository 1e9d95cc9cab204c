import { Body, Controller, Post, Res, UseGuards } from '@nestjs/common';
import { pipeUIMessageStreamToResponse } from 'ai';
import type { FastifyReply } from 'fastify';
import { AuthUser, AuthWorkspace } from '../auth/auth.decorators';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { UserRow, WorkspaceRow } from '../auth/authenticated-request';
import { ChatService } from './chat.service';

/**
 * `POST /api/ai/chat { message, pageId, chatId? }`: one turn as the AI SDK UI message stream; a
 * new chat without `chatId`, the next turn of that chat with it.
 */
@UseGuards(JwtAuthGuard)
@Controller('ai')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post('chat')
  async chatTurn(
    @AuthUser() user: UserRow,
    @AuthWorkspace() workspace: WorkspaceRow,
    @Body() body: { message: string; pageId: string; chatId?: string },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const turn = await this.chat.startTurn({
      userId: user.id,
      workspaceId: workspace.id,
      message: body.message,
      pageId: body.pageId,
      chatId: body.chatId,
    });
    reply.hijack();
    pipeUIMessageStreamToResponse({
      response: reply.raw,
      stream: turn.stream,
      headers: { 'x-chat-id': turn.chatId },
    });
  }
}
