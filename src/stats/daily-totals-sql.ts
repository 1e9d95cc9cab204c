import { sql, type RawBuilder } from 'kysely';

/** The counters of `ai_tools_turn_stats_daily`, each the sum of an expression over the turn rows. */
const COUNTERS: readonly (readonly [column: string, total: string])[] = [
  ['turns', 'count(*)'],
  ['steps', 'sum(steps)'],
  ['tool_tokens_sent', 'sum(tool_tokens_sent)'],
  ['tool_tokens_all_active', 'sum(tool_tokens_all_active)'],
  ['turns_loading', 'count(*) filter (where load_tools_calls > 0)'],
  ['unknown_names', 'sum(unknown_names)'],
  ['turns_unknown', 'count(*) filter (where unknown_names > 0)'],
  ['recovered_calls', 'sum(recovered_calls)'],
  ['turns_recovered', 'count(*) filter (where recovered_calls > 0)'],
  ['step_limit_turns', 'count(*) filter (where reached_step_limit)'],
  ['signal_lines', 'sum(signal_lines)'],
  ['signals_followed', 'sum(signals_followed)'],
  ['input_tokens', 'coalesce(sum(input_tokens), 0)'],
  ['output_tokens', 'coalesce(sum(output_tokens), 0)'],
  // Turns whose provider reported the cached part of their input, and their input split in two.
  ['cache_turns', 'count(*) filter (where cached_input_tokens is not null)'],
  ['cached_input_tokens', 'coalesce(sum(cached_input_tokens), 0)'],
  [
    'fresh_input_tokens',
    'coalesce(sum(input_tokens - cached_input_tokens), 0)',
  ],
  ['unanswered', 'count(*) filter (where not answered)'],
  [
    'unanswered_without_loads',
    'count(*) filter (where not answered and jsonb_array_length(loaded_tools) = 0)',
  ],
];

/** The daily totals' counter columns, in table order. */
export const DAILY_COUNTERS: readonly string[] = COUNTERS.map(
  ([column]) => column,
);

/**
 * One statement adding the turn rows of `source` (a relation with the columns of
 * `ai_tools_turn_stats`, e.g. the rows an `insert ... returning` of `ctes` just wrote) to
 * `ai_tools_turn_stats_daily`: summed per workspace, UTC day, model and switch position, the
 * loaded tools as `{ name: turns }`, added to what each day already holds. The text is fixed:
 * no value from a row is spliced into it.
 */
export function addToDailyTotals(
  ctes: RawBuilder<unknown> | undefined,
  source: 'inserted' | 'ai_tools_turn_stats',
): RawBuilder<unknown> {
  const keys = 'workspace_id, day, model_id, deferred_tools';
  const columns = DAILY_COUNTERS.join(', ');
  const totals = COUNTERS.map(
    ([column, total]) => `${total} as ${column}`,
  ).join(', ');
  const added = DAILY_COUNTERS.map(
    (column) => `${column} = daily.${column} + excluded.${column}`,
  ).join(', ');
  return sql`${ctes === undefined ? sql`with` : sql`${ctes},`}
    keyed as (
      select t.*, (t.ended_at at time zone 'UTC')::date as day from ${sql.raw(source)} t
    ),
    loaded as (
      select ${sql.raw(keys)}, jsonb_object_agg(name, turns) as tools
      from (
        select ${sql.raw(keys)}, name, count(*)::int as turns
        from keyed cross join lateral jsonb_array_elements_text(keyed.loaded_tools) as name
        group by ${sql.raw(keys)}, name
      ) per_name
      group by ${sql.raw(keys)}
    ),
    totals as (
      select ${sql.raw(keys)}, ${sql.raw(totals)} from keyed group by ${sql.raw(keys)}
    )
    insert into ai_tools_turn_stats_daily as daily (${sql.raw(keys)}, ${sql.raw(columns)}, loaded_tools)
    select ${sql.raw(keys)}, ${sql.raw(columns)}, coalesce(loaded.tools, '{}'::jsonb)
    from totals left join loaded using (workspace_id, day, model_id, deferred_tools)
    on conflict (workspace_id, day, model_id, deferred_tools) do update set ${sql.raw(added)},
      loaded_tools = (
        select coalesce(jsonb_object_agg(merged.key, merged.turns), '{}'::jsonb)
        from (
          select key, sum(value::int) as turns
          from (
            select key, value from jsonb_each_text(daily.loaded_tools)
            union all select key, value from jsonb_each_text(excluded.loaded_tools)
          ) both_days
          group by key
        ) merged
      )`;
}
