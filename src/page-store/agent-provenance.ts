import { sql, type RawBuilder } from 'kysely';
import type { ToolCallContext } from '../registry/tool-call-context';
import { isUuid } from '../ground';

/**
 * What Docmost's fork records about who changed a page or a comment: `'user'` for a person in
 * the editor, `'agent'` for an AI agent acting for that person (varchar(20) columns).
 */
export const AGENT_SOURCE = 'agent';

/** The caller fields provenance needs: the human the agent acts for, and the chat, if any. */
export type ProvenanceContext = Pick<
  ToolCallContext,
  'userId' | 'workspaceId' | 'chatId'
>;

/**
 * The chat to record in `last_updated_ai_chat_id` / `ai_chat_id`: the context's chat when it is a
 * chat of this workspace, otherwise NULL. Both columns reference `ai_chats`, so a host whose chat
 * ids are not rows there (an MCP session, a test harness) records no chat instead of failing the
 * write on the foreign key.
 */
export function agentChatId(
  context: ProvenanceContext,
): RawBuilder<string | null> {
  if (context.chatId === undefined || !isUuid(context.chatId))
    return sql<null>`null::uuid`;
  return sql<
    string | null
  >`(select ai_chats.id from ai_chats where ai_chats.id = ${context.chatId}::uuid and ai_chats.workspace_id = ${context.workspaceId}::uuid)`;
}

/**
 * `contributor_ids` with the acting user appended once, as Docmost keeps it: every person who
 * changed the page, in order of first contribution, no duplicates.
 */
export function contributorIdsWith(userId: string): RawBuilder<string[]> {
  return sql<
    string[]
  >`case when ${userId}::uuid = any(coalesce(contributor_ids, '{}'::uuid[])) then contributor_ids else array_append(coalesce(contributor_ids, '{}'::uuid[]), ${userId}::uuid) end`;
}

/** The provenance columns an agent edit sets on `pages`, as Docmost's fork writes them. */
export function agentPageEdit(context: ProvenanceContext) {
  return {
    lastUpdatedById: context.userId,
    lastUpdatedSource: AGENT_SOURCE,
    lastUpdatedAiChatId: agentChatId(context),
    contributorIds: contributorIdsWith(context.userId),
  };
}
