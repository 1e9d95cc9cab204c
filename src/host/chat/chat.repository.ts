import { Injectable } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { Kysely } from 'kysely';
import type { DB, JsonValue } from '../../database';
import { InjectKysely } from '../../database/kysely.token';

/** Longest chat title derived from the first message. */
const TITLE_MAX_LENGTH = 80;

export interface ChatOwner {
  readonly userId: string;
  readonly workspaceId: string;
}

/**
 * `ai_chats` and `ai_chat_messages`. A message row keeps the AI SDK UI message parts in
 * `content`; the row id is the message id, so the UI stream and the database agree.
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

  async createChat(owner: ChatOwner, firstMessage: string): Promise<string> {
    const title = firstMessage.replace(/\s+/g, ' ').trim();
    const row = await this.db
      .insertInto('aiChats')
      .values({
        creatorId: owner.userId,
        workspaceId: owner.workspaceId,
        title: title.length <= TITLE_MAX_LENGTH ? title : `${title.slice(0, TITLE_MAX_LENGTH - 1)}\u2026`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The chat's messages, oldest first, as UI messages. */
  async listMessages(chatId: string): Promise<UIMessage[]> {
    const rows = await this.db
      .selectFrom('aiChatMessages')
      .select(['id', 'role', 'content'])
      .where('chatId', '=', chatId)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows
      .filter((row) => row.role === 'user' || row.role === 'assistant' || row.role === 'system')
      .map((row) => ({
        id: row.id,
        role: row.role as UIMessage['role'],
        parts: (Array.isArray(row.content) ? row.content : []) as unknown as UIMessage['parts'],
      }));
  }

  async insertMessage(chatId: string, owner: ChatOwner, message: UIMessage): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('aiChatMessages')
        .values({
          id: message.id,
          chatId,
          role: message.role,
          // JSON text: pg would send a JS array as a Postgres array, not as jsonb.
          content: JSON.stringify(message.parts as unknown as JsonValue),
          workspaceId: owner.workspaceId,
          creatorId: owner.userId,
        })
        .execute();
      await trx.updateTable('aiChats').set({ updatedAt: new Date() }).where('id', '=', chatId).execute();
    });
  }
}
