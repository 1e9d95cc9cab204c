import { sql, type Kysely } from 'kysely';
import {
  mergeCommentPagesSql,
  outgoingCommentPagesSql,
  parseCarriedCommentPages,
  readCommentPagesSql,
} from '../comment-signal';
import { parseCarriedTools } from '../deferred';
import {
  carriedToolsParameter,
  mergeCarriedToolsSql,
} from './carried-tools-sql';
import type {
  ChatMemoryKey,
  ChatMemoryStore,
  ChatMemoryUpdate,
  StoredChatMemory,
} from './chat-memory-store';

/** Exact to the microsecond and independent of the session's TimeZone and DateStyle. */
const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

export interface ChatMemoryBounds {
  /** Carried deferred tools kept per chat, least recently used dropped first. */
  readonly maxCarriedTools: number;
  /** Working-set pages kept per chat, least recently touched dropped first. */
  readonly maxWorkingSetPages: number;
}

interface MemoryRow {
  readonly tools: unknown;
  readonly pages: unknown;
  readonly ended: string;
}

/**
 * Chat memory in `ai_tools_chat_memory` (module migration `20250101T000400-chat-memory`): one
 * select when a turn starts, one `insert ... on conflict do update` when it ends. Each jsonb
 * column is merged in SQL by the feature that owns it, and every time stays a database time
 * (text in, text out), so no driver rounds a watermark.
 */
export function createDatabaseChatMemoryStore(
  db: Kysely<any>,
  bounds: ChatMemoryBounds,
): ChatMemoryStore {
  return {
    async load(key: ChatMemoryKey): Promise<StoredChatMemory | undefined> {
      const { rows } = await sql<MemoryRow>`
        select memory.activated_tools as tools,
          ${readCommentPagesSql(sql`memory.comment_signal`)} as pages,
          to_char(memory.updated_at at time zone 'UTC', ${TIMESTAMP_TEXT}) as ended
        from ai_tools_chat_memory memory
        where memory.chat_id = ${key.chatId}::uuid and memory.workspace_id = ${key.workspaceId}::uuid`.execute(
        db,
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        activatedTools: parseCarriedTools(row.tools),
        commentPages: parseCarriedCommentPages(row.pages),
        endedAt: row.ended,
      };
    },

    async save(key: ChatMemoryKey, update: ChatMemoryUpdate): Promise<void> {
      const noTools = sql`'[]'::jsonb`;
      await sql`
        insert into ai_tools_chat_memory as memory (chat_id, workspace_id, activated_tools, comment_signal, updated_at)
        values (
          ${key.chatId}::uuid, ${key.workspaceId}::uuid,
          ${mergeCarriedToolsSql(noTools, carriedToolsParameter(update.activatedTools), bounds.maxCarriedTools)},
          ${mergeCommentPagesSql(noTools, outgoingCommentPagesSql(update.commentPages), bounds.maxWorkingSetPages)},
          now())
        on conflict (chat_id) do update set
          activated_tools = ${mergeCarriedToolsSql(sql`memory.activated_tools`, sql`excluded.activated_tools`, bounds.maxCarriedTools)},
          comment_signal = ${mergeCommentPagesSql(sql`memory.comment_signal`, sql`excluded.comment_signal`, bounds.maxWorkingSetPages)},
          updated_at = greatest(memory.updated_at, excluded.updated_at)
        where memory.workspace_id = excluded.workspace_id`.execute(db);
    },
  };
}
