import { type Kysely, sql } from 'kysely';

/**
 * One row per MCP session, so every server instance behind a load balancer serves every request
 * of a session: who opened it (a session only ever serves that user), when (the comment signal's
 * baseline, on the database clock), when it was last used (idle sessions expire), and the comment
 * signal's working set with a watermark per page (`comment_signal`, the same shape and SQL merge
 * as `ai_tools_chat_memory.comment_signal`). Rows go with their user or workspace.
 */
/** Docmost's tables the rows reference. */
export const needs = ['workspaces.id', 'users.id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_tools_mcp_sessions')
    .ifNotExists()
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('workspace_id', 'uuid', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('started_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`now()`),
    )
    .addColumn('last_used_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`now()`),
    )
    .addColumn('comment_signal', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`),
    )
    .execute();
  // A user's sessions by recency (the per-user limit closes the oldest), and the idle sweep.
  await db.schema
    .createIndex('idx_ai_tools_mcp_sessions_user_last_used')
    .ifNotExists()
    .on('ai_tools_mcp_sessions')
    .columns(['user_id', 'last_used_at'])
    .execute();
  await db.schema
    .createIndex('idx_ai_tools_mcp_sessions_last_used')
    .ifNotExists()
    .on('ai_tools_mcp_sessions')
    .column('last_used_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_tools_mcp_sessions').ifExists().execute();
}
