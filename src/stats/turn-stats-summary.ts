import { sql, type Kysely } from 'kysely';
import type {
  ModelCue,
  Share,
  ToolTokensComparison,
  TurnStatsGroup,
  TurnStatsSummary,
} from '../../client/wire/turn-stats';
import type { HostToolSet } from './turn-stats-options';

/** The windows the admin route reports, in days. */
export const SUMMARY_WINDOWS = [7, 30] as const;

/** The tools most often loaded, per group. */
const TOP_LOADED_TOOLS = 5;

/** One group's sums over a window's daily totals, as the summary statement selects them. */
export interface DailyGroupRow {
  readonly days: number;
  readonly modelId: string;
  readonly deferredTools: boolean;
  readonly turns: number;
  readonly steps: string | number;
  readonly sent: string | number;
  readonly allActive: string | number;
  readonly turnsLoading: number;
  readonly unknownNames: string | number;
  readonly turnsUnknown: number;
  readonly recoveredCalls: string | number;
  readonly turnsRecovered: number;
  readonly stepLimit: number;
  readonly signalLines: string | number;
  readonly signalsFollowed: string | number;
  readonly inputTokens: string | number | null;
  readonly outputTokens: string | number | null;
  readonly cacheTurns: number;
  readonly cachedInputTokens: string | number;
  readonly freshInputTokens: string | number;
  readonly unanswered: number;
  readonly unansweredWithoutLoads: number;
  readonly topLoaded: unknown;
}

/** A mean per turn, rounded to a token; null without turns. */
function perTurn(total: number, turns: number): number | null {
  return turns === 0 ? null : Math.round(total / turns);
}

function share(part: number, whole: number): Share {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;
}

function topLoaded(value: unknown): TurnStatsGroup['topLoadedTools'] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list)
    ? list.map((entry: { name: string; turns: number }) => ({
        name: entry.name,
        turns: Number(entry.turns),
      }))
    : [];
}

/** A group's figures from its sums: means per step and per turn, shares of turns. */
export function toGroup(row: DailyGroupRow): TurnStatsGroup {
  const turns = Number(row.turns);
  const steps = Number(row.steps);
  const lines = Number(row.signalLines);
  const followed = Number(row.signalsFollowed);
  return {
    modelId: row.modelId,
    deferredTools: row.deferredTools,
    turns,
    steps,
    toolTokensPerStep: {
      sent: steps === 0 ? 0 : Math.round(Number(row.sent) / steps),
      allActive: steps === 0 ? 0 : Math.round(Number(row.allActive) / steps),
    },
    loadToolsTurnShare: share(Number(row.turnsLoading), turns),
    topLoadedTools: topLoaded(row.topLoaded),
    unknownNames: {
      turnShare: share(Number(row.turnsUnknown), turns),
      total: Number(row.unknownNames),
    },
    recoveredCalls: {
      turnShare: share(Number(row.turnsRecovered), turns),
      total: Number(row.recoveredCalls),
    },
    stepLimitTurns: Number(row.stepLimit),
    signals: { lines, followed, followedShare: share(followed, lines) },
    unansweredShare: share(Number(row.unanswered), turns),
    unansweredWithoutLoadsShare: share(
      Number(row.unansweredWithoutLoads),
      turns,
    ),
    providerTokens: {
      input: Number(row.inputTokens ?? 0),
      output: Number(row.outputTokens ?? 0),
    },
    inputTokensPerTurn: {
      turns: Number(row.cacheTurns),
      fresh: perTurn(Number(row.freshInputTokens), Number(row.cacheTurns)),
      cached: perTurn(Number(row.cachedInputTokens), Number(row.cacheTurns)),
    },
  };
}

/** Per model, whether its deferred turns struggle next to its all-active ones. */
export function modelCues(groups: readonly TurnStatsGroup[]): ModelCue[] {
  const models = [...new Set(groups.map((group) => group.modelId))].sort();
  return models.map((modelId) => {
    const on = groups.find((g) => g.modelId === modelId && g.deferredTools);
    const off = groups.find((g) => g.modelId === modelId && !g.deferredTools);
    const deferredShare = on?.unansweredWithoutLoadsShare ?? null;
    const allActiveShare = off?.unansweredShare ?? null;
    return {
      modelId,
      deferredUnansweredWithoutLoadsShare: deferredShare,
      allActiveUnansweredShare: allActiveShare,
      deferredToolsStruggle:
        deferredShare !== null &&
        allActiveShare !== null &&
        deferredShare > allActiveShare,
    };
  });
}

/** What the tool tokens are compared with: the host's own tool set when given, else all active. */
export function comparisonWith(
  hostToolSet: HostToolSet | undefined,
): ToolTokensComparison {
  return hostToolSet === undefined
    ? { against: 'allActive' }
    : {
        against: 'hostToolSet',
        name: hostToolSet.name,
        tokensPerRequest: hostToolSet.tokens,
      };
}

/**
 * The workspace's figures over the last 7 and 30 days (UTC days, today included), by model and
 * by deferred tools ON/OFF, in one statement over the daily totals: one primary-key range of
 * `ai_tools_turn_stats_daily`, at most 30 days x models x 2 rows whatever the turn count.
 * `hostToolSet` (the module option) is what the tool tokens are compared with, when given.
 */
export async function summarizeTurnStats(
  db: Kysely<any>,
  workspaceId: string,
  hostToolSet?: HostToolSet,
): Promise<TurnStatsSummary> {
  const longest = Math.max(...SUMMARY_WINDOWS);
  const windows = sql.join(SUMMARY_WINDOWS.map((days) => sql`(${days}::int)`));
  const { rows } = await sql<DailyGroupRow>`
    with windowed as (
      select w.days, d.*
      from ai_tools_turn_stats_daily d
      cross join (values ${windows}) as w(days)
      where d.workspace_id = ${workspaceId}::uuid
        and d.day > (now() at time zone 'UTC')::date - ${longest}::int
        and d.day > (now() at time zone 'UTC')::date - w.days
    ),
    groups as (
      select days, model_id, deferred_tools,
        sum(turns)::int as turns,
        sum(steps) as steps,
        sum(tool_tokens_sent) as sent,
        sum(tool_tokens_all_active) as all_active,
        sum(turns_loading)::int as turns_loading,
        sum(unknown_names) as unknown_names,
        sum(turns_unknown)::int as turns_unknown,
        sum(recovered_calls) as recovered_calls,
        sum(turns_recovered)::int as turns_recovered,
        sum(step_limit_turns)::int as step_limit,
        sum(signal_lines) as signal_lines,
        sum(signals_followed) as signals_followed,
        sum(input_tokens) as input_tokens,
        sum(output_tokens) as output_tokens,
        sum(cache_turns)::int as cache_turns,
        sum(cached_input_tokens) as cached_input_tokens,
        sum(fresh_input_tokens) as fresh_input_tokens,
        sum(unanswered)::int as unanswered,
        sum(unanswered_without_loads)::int as unanswered_without_loads
      from windowed
      group by days, model_id, deferred_tools
    ),
    loaded as (
      select days, model_id, deferred_tools, tool.key as name, sum(tool.value::int)::int as turns,
        row_number() over (
          partition by days, model_id, deferred_tools order by sum(tool.value::int) desc, tool.key
        ) as rank
      from windowed cross join lateral jsonb_each_text(windowed.loaded_tools) as tool
      group by days, model_id, deferred_tools, tool.key
    )
    select g.days as "days", g.model_id as "modelId", g.deferred_tools as "deferredTools",
      g.turns as "turns", g.steps as "steps", g.sent as "sent", g.all_active as "allActive",
      g.turns_loading as "turnsLoading", g.unknown_names as "unknownNames",
      g.turns_unknown as "turnsUnknown", g.recovered_calls as "recoveredCalls",
      g.turns_recovered as "turnsRecovered", g.step_limit as "stepLimit",
      g.signal_lines as "signalLines", g.signals_followed as "signalsFollowed",
      g.input_tokens as "inputTokens", g.output_tokens as "outputTokens",
      g.cache_turns as "cacheTurns", g.cached_input_tokens as "cachedInputTokens",
      g.fresh_input_tokens as "freshInputTokens",
      g.unanswered as "unanswered", g.unanswered_without_loads as "unansweredWithoutLoads",
      coalesce((
        select jsonb_agg(jsonb_build_object('name', l.name, 'turns', l.turns) order by l.rank)
        from loaded l
        where l.days = g.days and l.model_id = g.model_id and l.deferred_tools = g.deferred_tools
          and l.rank <= ${TOP_LOADED_TOOLS}
      ), '[]'::jsonb) as "topLoaded"
    from groups g
    order by g.days, g.turns desc, g.model_id, g.deferred_tools`.execute(db);
  return {
    comparison: comparisonWith(hostToolSet),
    windows: SUMMARY_WINDOWS.map((days) => {
      const groups = rows
        .filter((row) => Number(row.days) === days)
        .map(toGroup);
      return {
        days,
        turns: groups.reduce((sum, group) => sum + group.turns, 0),
        groups,
        models: modelCues(groups),
      };
    }),
  };
}
