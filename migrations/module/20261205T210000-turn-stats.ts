import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The daily totals' counters, summed from the turn rows. */
const DAILY_TOTALS = [
  ['turns', 'integer'],
  ['steps', 'bigint'],
  ['tool_tokens_sent', 'bigint'],
  ['tool_tokens_all_active', 'bigint'],
  ['turns_loading', 'integer'],
  ['unknown_names', 'bigint'],
  ['turns_unknown', 'integer'],
  ['recovered_calls', 'bigint'],
  ['turns_recovered', 'integer'],
  ['step_limit_turns', 'integer'],
  ['signal_lines', 'bigint'],
  ['signals_followed', 'bigint'],
  ['input_tokens', 'bigint'],
  ['output_tokens', 'bigint'],
  ['unanswered', 'integer'],
  ['unanswered_without_loads', 'integer'],
] as const;

/**
 * One row per in-app chat turn: what the deferred tools and the comment signal did, as counts
 * and tool names, never content (no prompt, page text, comment text or tool input). Rows go
 * with their workspace and with their chat; the module prunes rows past their retention.
 *
 * Beside it, `ai_tools_turn_stats_daily`: the same figures summed per workspace, UTC day,
 * model and switch position, written in the same statement as the rows. The admin route reads
 * only these totals (at most 30 days x models x 2 rows per workspace), so its time does not grow
 * with a workspace's turns. The retention prune walks the turn rows' identity key, which grows
 * with `ended_at`; `(workspace_id, ended_at)` serves a workspace's deletion and ad-hoc reads.
 */
/** Docmost's tables the rows reference. */
export const needs = ['workspaces.id', 'ai_chats.id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_tools_turn_stats')
    .ifNotExists()
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
    .ifNotExists()
    .on('ai_tools_turn_stats')
    .columns(['workspace_id', 'ended_at'])
    .execute();
  // The chat's foreign key: deleting a chat finds its rows without scanning the table.
  await db.schema
    .createIndex('idx_ai_tools_turn_stats_chat')
    .ifNotExists()
    .on('ai_tools_turn_stats')
    .column('chat_id')
    .execute();

  let daily: CreateTableBuilder<'ai_tools_turn_stats_daily', string> = db.schema
    .createTable('ai_tools_turn_stats_daily')
    .ifNotExists()
    .addColumn('workspace_id', 'uuid', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('model_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('deferred_tools', 'boolean', (c) => c.notNull());
  for (const [name, type] of DAILY_TOTALS)
    daily = daily.addColumn(name, type, (c) => c.notNull().defaultTo(0));
  await daily
    // Tool name -> turns that loaded it.
    .addColumn('loaded_tools', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{}'::jsonb`),
    )
    .addPrimaryKeyConstraint('ai_tools_turn_stats_daily_pkey', [
      'workspace_id',
      'day',
      'model_id',
      'deferred_tools',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_tools_turn_stats_daily').ifExists().execute();
  await db.schema.dropTable('ai_tools_turn_stats').ifExists().execute();
}
