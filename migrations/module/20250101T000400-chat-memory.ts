import { type Kysely, sql } from 'kysely';

/**
 * One row per in-app chat: what a turn hands to the next. Two jsonb columns, each owned by one
 * feature and merged by it in SQL when two turns of the chat end at once: `activated_tools`
 * (deferred tools, in activation order) and `comment_signal` (the comment signal's working set
 * with a watermark per page). Docmost's own tables are not touched; the row goes with its chat.
 */
/** Docmost's tables the rows reference: the chat (Docmost's AI chat, migrated 2026-06) and its workspace. */
export const needs = ['ai_chats.id', 'workspaces.id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_tools_chat_memory')
    .ifNotExists()
    .addColumn('chat_id', 'uuid', (c) =>
      c.primaryKey().references('ai_chats.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'uuid', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('activated_tools', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`),
    )
    .addColumn('comment_signal', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`),
    )
    .addColumn('updated_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`now()`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_tools_chat_memory').ifExists().execute();
}
