import { type Kysely, sql } from 'kysely';

/**
 * One row per in-app chat turn: what the deferred tools and the comment signal did, as counts
 * and tool names, never content (no prompt, page text, comment text or tool input). Rows go
 * with their workspace and with their chat; the module prunes rows past their retention.
 *
 * One index, `(workspace_id, ended_at)`, serves the admin route's window; the retention prune
 * walks the identity key, which grows with `ended_at`, so it needs none of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_tools_turn_stats')
    .addColumn('id', 'bigint', (c) =>
      c.primaryKey().generatedAlwaysAsIdentity(),
    )
    .addColumn('workspace_id', 'uuid', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('chat_id', 'uuid', (c) =>
      c.references('ai_chats.id').onDelete('cascade'),
    )
    .addColumn('ended_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`now()`),
    )
    .addColumn('model_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('deferred_tools', 'boolean', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('answered', 'boolean', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('tool_tokens_sent', 'integer', (c) => c.notNull())
    .addColumn('tool_tokens_all_active', 'integer', (c) => c.notNull())
    .addColumn('load_tools_calls', 'integer', (c) => c.notNull())
    // A json array of tool names, as the registry and external servers name them.
    .addColumn('loaded_tools', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`),
    )
    .addColumn('unknown_names', 'integer', (c) => c.notNull())
    .addColumn('recovered_calls', 'integer', (c) => c.notNull())
    .addColumn('reached_step_limit', 'boolean', (c) => c.notNull())
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('signal_lines', 'integer', (c) => c.notNull())
    .addColumn('signals_followed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_ai_tools_turn_stats_workspace_ended')
    .on('ai_tools_turn_stats')
    .columns(['workspace_id', 'ended_at'])
    .execute();
  // The chat's foreign key: deleting a chat finds its rows without scanning the table.
  await db.schema
    .createIndex('idx_ai_tools_turn_stats_chat')
    .on('ai_tools_turn_stats')
    .column('chat_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_tools_turn_stats').execute();
}
