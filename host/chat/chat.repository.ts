import { Injectable } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import { InjectKysely } from '../../src';
import {
  chatMessageColumns,
  jsonb,
  uiMessageOfRow,
  type ChatMessageStatus,
} from './chat-message-row';

/** Longest chat title derived from the first message. */
const TITLE_MAX_LENGTH = 80;

export interface ChatOwner {
  readonly userId: string;
  readonly workspaceId: string;
}

/** A chat the turn's user message opens: its id is chosen before anything is stored. */
export interface NewChat {
  readonly id: string;
  /** The page the chat was opened from (`ai_chats.page_id`). */
  readonly pageId: string | null;
}

/**
 * `ai_chats` and `ai_chat_messages` in the shape Docmost's fork stores them (see
 * chat-message-row.ts). A message row's id is the UI message id, so the stream and the database
 * agree.
 */
@Injectable()
export class ChatRepository {
  constructor(@InjectKysely() private readonly db: Kysely<DB>) {}

  /** Whether the chat exists and belongs to this user; another user's chat does not exist for them. */
  async isOwnChat(chatId: string, owner: ChatOwner): Promise<boolean> {
    const row = await this.db
      .selectFrom('aiChats')
      .select('id')
      .where('id', '=', chatId)
      .where('creatorId', '=', owner.userId)
      .where('workspaceId', '=', owner.workspaceId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The chat's messages, oldest first, as UI messages. */
  async listMessages(chatId: string): Promise<UIMessage[]> {
    const rows = await this.db
      .selectFrom('aiChatMessages')
      .select(['id', 'role', 'content', 'metadata'])
      .where('chatId', '=', chatId)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows
      .filter(
        (row) =>
          row.role === 'user' ||
          row.role === 'assistant' ||
          row.role === 'system',
      )
      .map(uiMessageOfRow);
  }

  /**
   * Stores the user's message, and with `newChat` the chat it opens, in one transaction: a
   * failure leaves neither an empty chat nor a message without its chat.
   */
  async storeUserMessage(
    chatId: string,
    owner: ChatOwner,
    message: UIMessage,
    newChat?: NewChat,
  ): Promise<void> {
    const columns = chatMessageColumns(message);
    await this.db.transaction().execute(async (trx) => {
      if (newChat !== undefined) {
        const title = columns.content.replace(/\s+/g, ' ').trim();
        await trx
          .insertInto('aiChats')
          .values({
            id: newChat.id,
            creatorId: owner.userId,
            workspaceId: owner.workspaceId,
            title:
              title.length <= TITLE_MAX_LENGTH
                ? title
                : `${title.slice(0, TITLE_MAX_LENGTH - 1)}\u2026`,
            pageId: newChat.pageId,
          })
          .execute();
      }
      await trx
        .insertInto('aiChatMessages')
        .values({
          id: message.id,
          chatId,
          workspaceId: owner.workspaceId,
          userId: owner.userId,
          role: 'user',
          content: columns.content,
          toolCalls: null,
          metadata: jsonb(columns.metadata),
          status: 'completed',
        })
        .execute();
      await trx
        .updateTable('aiChats')
        .set({ updatedAt: new Date() })
        .where('id', '=', chatId)
        .execute();
    });
  }

  /** Stores the assistant's answer as the turn ended: completed, failed (`error` kept in metadata) or aborted. */
  async storeAssistantMessage(
    chatId: string,
    owner: ChatOwner,
    message: UIMessage,
    status: ChatMessageStatus,
    error?: string,
  ): Promise<void> {
    const columns = chatMessageColumns(message, error);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('aiChatMessages')
        .values({
          id: message.id,
          chatId,
          workspaceId: owner.workspaceId,
          // Docmost's fork: the author of an assistant message is nobody.
          userId: null,
          role: 'assistant',
          content: columns.content,
          toolCalls: jsonb(columns.toolCalls),
          metadata: jsonb(columns.metadata),
          status,
        })
        .execute();
      await trx
        .updateTable('aiChats')
        .set({ updatedAt: new Date() })
        .where('id', '=', chatId)
        .execute();
    });
  }
}
