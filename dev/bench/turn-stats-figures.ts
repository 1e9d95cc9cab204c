import { sql } from 'kysely';
import { addToDailyTotals } from '../../src/stats/daily-totals-sql';
import { TurnRecorder } from '../../src/stats/turn-recorder';
import { TurnStatsMetrics } from '../../src/stats/turn-stats-metrics';
import { estimateTokens } from '../../src/stats/turn-stats-options';
import { summarizeTurnStats } from '../../src/stats/turn-stats-summary';
import { TurnStatsWriter } from '../../src/stats/turn-stats-writer';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createBenchDatabase, type BenchCluster } from './bench-database';
import { summarizeLatencies, timeRuns, type LatencySummary } from './latency';

export interface TurnStatsBenchOptions {
  readonly cluster: BenchCluster;
  /** Recorded turns in the table, all workspaces together. */
  readonly turns: number;
  readonly log?: (line: string) => void;
}

export interface TurnStatsFigures {
  readonly turns: number;
  readonly workspaces: number;
  readonly largestWorkspaceTurns: number;
  readonly largestWorkspaceTurnsIn30Days: number;
  /** Rows of the daily totals the route reads for it. */
  readonly largestWorkspaceDailyRowsIn30Days: number;
  /** In-process cost of recording one 7-step turn (steps, tool calls, row, metrics): µs. */
  readonly recordingMicrosecondsPerTurn: number;
  /** Database time of writing queued rows, per row (500-row inserts): µs. */
  readonly writeMicrosecondsPerRow: number;
  /** The route's statement for the largest workspace and for a typical one. */
  readonly summaryLargest: LatencySummary;
  readonly summaryTypical: LatencySummary;
  readonly summaryPlan: string;
}

const LARGEST = '00000000-0000-4000-8000-000000000001';
const WORKSPACES = 100;

/** One 7-step deferred turn's recording, as `TurnStatsService` does it, without the database. */
function recordOneTurn(
  definitions: ReadonlyMap<string, number>,
  allActive: readonly string[],
  core: readonly string[],
  metrics: TurnStatsMetrics,
  queue: { record(row: unknown): void },
): void {
  const recorder = new TurnRecorder(
    {
      workspaceId: LARGEST,
      chatId: null,
      modelId: 'bench-model',
      deferredTools: true,
    },
    definitions,
    allActive,
  );
  for (let step = 0; step < 7; step += 1) {
    recorder.step(core, undefined, false);
    // A getPage call: its spec declares no reading of comments.
    recorder.toolCall({}, { pageId: LARGEST }, { id: LARGEST }, []);
  }
  const row = recorder.record({
    loadToolsCalls: 1,
    loadedToolNames: ['getTable'],
    unknownNamesRejected: 0,
    recoveredCalls: 0,
  });
  metrics.record(row);
  queue.record(row);
}

/**
 * `npm run bench -- --turn-stats N`: N recorded turns over 100 workspaces and 90 days (half of
 * them in one workspace), then what recording costs a turn and what the admin route's
 * statement costs on that table.
 */
export async function measureTurnStats(
  options: TurnStatsBenchOptions,
): Promise<TurnStatsFigures> {
  const log = options.log ?? (() => undefined);
  const bench = await createBenchDatabase(options.cluster);
  try {
    const { db } = bench;
    await sql`insert into workspaces (id, name)
      select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'bench ' || n
      from generate_series(1, ${WORKSPACES}) n`.execute(db);
    log(`generating ${options.turns.toLocaleString('en-US')} turn rows`);
    const started = Date.now();
    await sql`insert into ai_tools_turn_stats (workspace_id, ended_at, model_id, deferred_tools, status,
        answered, steps, tool_tokens_sent, tool_tokens_all_active, load_tools_calls, loaded_tools,
        unknown_names, recovered_calls, reached_step_limit, input_tokens, output_tokens, signal_lines,
        signals_followed)
      select
        ('00000000-0000-4000-8000-' || lpad((case when n % 2 = 0 then 1 else 2 + n % ${WORKSPACES - 1} end)::text, 12, '0'))::uuid,
        now() - make_interval(secs => (n::double precision / ${options.turns}) * 90 * 86400),
        (array['gpt-4.1', 'claude-sonnet-4', 'qwen3-32b'])[1 + n % 3],
        n % 4 <> 0, case when n % 50 = 0 then 'failed' else 'completed' end, n % 50 <> 0,
        1 + n % 9, 4000 * (1 + n % 9), 18000 * (1 + n % 9), n % 3,
        case n % 5 when 0 then '["getTable","tableUpdateCell"]'::jsonb when 1 then '["createPage"]'::jsonb else '[]'::jsonb end,
        (n % 40 = 0)::int, (n % 30 = 0)::int, n % 97 = 0, 3000 * (1 + n % 9), 400, n % 7 / 6, n % 13 / 12
      from generate_series(1, ${options.turns}) n`.execute(db);
    // The daily totals the writer keeps beside the rows, built here from all of them at once.
    await addToDailyTotals(undefined, 'ai_tools_turn_stats').execute(db);
    await sql`analyze ai_tools_turn_stats`.execute(db);
    await sql`analyze ai_tools_turn_stats_daily`.execute(db);
    log(`generated in ${Math.round((Date.now() - started) / 1000)} s`);

    const counts = await sql<{ total: string; recent: string }>`
      select count(*) as total, count(*) filter (where ended_at >= now() - interval '30 days') as recent
      from ai_tools_turn_stats where workspace_id = ${LARGEST}::uuid`.execute(
      db,
    );

    // Recording, in process: the registry's 41 definitions, a 14-tool step.
    const definitions = new Map(
      TOOL_DEFINITIONS.map((spec) => [
        spec.name,
        estimateTokens(spec.description),
      ]),
    );
    const allActive = [...definitions.keys()];
    const core = TOOL_DEFINITIONS.filter((spec) => spec.tier === 'core').map(
      (spec) => spec.name,
    );
    const metrics = new TurnStatsMetrics();
    const discard = { record: () => undefined };
    for (let warm = 0; warm < 2_000; warm += 1)
      recordOneTurn(definitions, allActive, core, metrics, discard);
    const recordingRuns = 20_000;
    const recordingStarted = process.hrtime.bigint();
    for (let run = 0; run < recordingRuns; run += 1)
      recordOneTurn(definitions, allActive, core, metrics, discard);
    const recordingMicroseconds =
      Number(process.hrtime.bigint() - recordingStarted) /
      1_000 /
      recordingRuns;

    // Writing: 10,000 queued rows through the writer (multi-row inserts).
    const writer = new TurnStatsWriter(db, {
      retentionDays: 90,
      pruneBatchSize: 1_000,
      pruneIntervalMs: Number.MAX_SAFE_INTEGER,
      log,
      now: () => 0,
    });
    const writeRows = 10_000;
    const writeStarted = process.hrtime.bigint();
    for (let run = 0; run < writeRows; run += 1)
      recordOneTurn(definitions, allActive, core, metrics, writer);
    await writer.settled();
    const writeMicroseconds =
      Number(process.hrtime.bigint() - writeStarted) / 1_000 / writeRows -
      recordingMicroseconds;

    log('timing the admin route statement');
    const typical = '00000000-0000-4000-8000-000000000002';
    await summarizeTurnStats(db, LARGEST);
    const largest = summarizeLatencies(
      await timeRuns(10, () => summarizeTurnStats(db, LARGEST)),
    );
    const typicalRuns = summarizeLatencies(
      await timeRuns(40, () => summarizeTurnStats(db, typical)),
    );
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select count(*) from ai_tools_turn_stats_daily
      where workspace_id = ${LARGEST}::uuid and day > (now() at time zone 'UTC')::date - 30`.execute(
      db,
    );
    const dailyRows = await sql<{ rows: string }>`
      select count(*) as rows from ai_tools_turn_stats_daily where workspace_id = ${LARGEST}::uuid
        and day > (now() at time zone 'UTC')::date - 30`.execute(db);
    return {
      turns: options.turns + writeRows,
      workspaces: WORKSPACES,
      largestWorkspaceTurns: Number(counts.rows[0]!.total),
      largestWorkspaceTurnsIn30Days: Number(counts.rows[0]!.recent),
      recordingMicrosecondsPerTurn: Math.round(recordingMicroseconds * 10) / 10,
      writeMicrosecondsPerRow: Math.round(writeMicroseconds * 10) / 10,
      summaryLargest: largest,
      summaryTypical: typicalRuns,
      largestWorkspaceDailyRowsIn30Days: Number(dailyRows.rows[0]!.rows),
      summaryPlan: plan.rows.map((row) => Object.values(row)[0]).join('\n'),
    };
  } finally {
    await bench.drop();
  }
}
