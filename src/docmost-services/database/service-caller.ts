import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ServiceCaller } from '../docmost-services';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { isUuid } from '../../ground';

/**
 * The caller as the write ports take it. The chat id is kept only when it names a chat of the
 * caller's workspace: `comments.ai_chat_id` and `pages.last_updated_ai_chat_id` reference
 * `ai_chats`, so an MCP session or a host's own chat id is recorded as no chat rather than
 * failing the write on the foreign key.
 */
export async function serviceCaller(
  db: Kysely<DB>,
  context: ToolCallContext,
): Promise<ServiceCaller> {
  const chatId = context.chatId;
  const aiChatId =
    chatId !== undefined && isUuid(chatId)
      ? ((
          await sql<{ id: string }>`
            select id from ai_chats where id = ${chatId}::uuid and workspace_id = ${context.workspaceId}::uuid`.execute(
            db,
          )
        ).rows[0]?.id ?? null)
      : null;
  return {
    userId: context.userId,
    workspaceId: context.workspaceId,
    aiChatId,
    call: context,
  };
}
