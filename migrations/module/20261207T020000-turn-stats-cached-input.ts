import { sql, type Kysely } from 'kysely';

/** The daily totals' new counters, summed from the turn rows as the others are. */
const DAILY_COUNTERS = [
  ['cache_turns', 'integer'],
  ['cached_input_tokens', 'bigint'],
  ['fresh_input_tokens', 'bigint'],
] as const;

/** Only the module's own tables (`20261205T210000-turn-stats`): no host column. */
export const needs = [] as const;

/**
 * The cached part of a turn's input, as the provider reported it: `cached_input_tokens` per turn
 * row (null when the provider reported none), and per day the turns that reported it with their
 * input split into cached and fresh. The daily counters start at 0 and count only turns written
 * from now on, so a figure per turn never divides input recorded before them by turns counted
 * after. Each column is added only if missing: the migration runs again without harm.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ai_tools_turn_stats')
    .addColumn('cached_input_tokens', 'integer', (c) => c.ifNotExists())
    .execute();
  for (const [name, type] of DAILY_COUNTERS)
    await db.schema
      .alterTable('ai_tools_turn_stats_daily')
      .addColumn(name, type, (c) => c.notNull().defaultTo(0).ifNotExists())
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of DAILY_COUNTERS)
    await sql`alter table ai_tools_turn_stats_daily drop column if exists ${sql.id(name)}`.execute(
      db,
    );
  await sql`alter table ai_tools_turn_stats drop column if exists cached_input_tokens`.execute(
    db,
  );
}
