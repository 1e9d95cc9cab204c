import { CompiledQuery, sql, type Kysely } from 'kysely';
import { createDatabaseCommentSource } from '../../src/comment-signal';
import type { DB } from '../../src/database';
import type { CountQueryRecorder } from './bench-database';
import { summarizeLatencies, timeRuns, type LatencySummary } from './latency';
import type { CommentSignalBenchOptions } from './comment-signal-figures';

/** The index the module's migration adds for the count (`migrations/module`). */
export const COUNT_INDEX_NAME = 'idx_comments_page_id_created_at';

export interface CountQueryPlan {
  /** Whether the plan reads comments through {@link COUNT_INDEX_NAME}. */
  readonly usesCountIndex: boolean;
  /** Indexes the plan names. */
  readonly indexes: readonly string[];
  /** `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)` of the statement the source sent. */
  readonly lines: readonly string[];
}

export interface CountQueryFigures {
  readonly pages: number;
  /** How far back the baseline lies: comments newer than this are news. */
  readonly baselineMinutesAgo: number;
  /** Pages with news and comments counted in one run (the same every run). */
  readonly pagesWithNews: number;
  readonly newComments: number;
  readonly withIndex: LatencySummary;
  readonly withIndexPlan: CountQueryPlan;
  /** The same count with only Docmost's own `idx_comments_page_id`. */
  readonly withoutIndex: LatencySummary;
  readonly withoutIndexPlan: CountQueryPlan;
}

/** The same workload as the comment-signal figures: a caller, its working set, runs per case. */
export type CountQueryBenchOptions = CommentSignalBenchOptions;

const BASELINE_MINUTES_AGO = 10;

/** `Index Scan using <index>`, `Index Only Scan Backward using <index>`, `Bitmap Index Scan on <index>`. */
const INDEX_IN_PLAN =
  /Index (?:Only )?Scan (?:Backward )?using (\w+)|Bitmap Index Scan on (\w+)/g;

/** The lines of a plan about reading `comments`, and its timings: the part that shows the index at work. */
export function commentScanExcerpt(lines: readonly string[]): string[] {
  return lines.filter((line) =>
    /\bon comments\b|idx_comments|Index Cond: \(\(page_id|Execution Time|Planning Time/.test(
      line,
    ),
  );
}

async function explainLast(
  db: Kysely<DB>,
  recorder: CountQueryRecorder,
): Promise<CountQueryPlan> {
  const query = recorder.last;
  if (query === undefined)
    throw new Error('the comment source sent no count query to explain');
  // The very statement the source sent, with its parameters.
  const result = await db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain (analyze, buffers, costs off) ${query.sql}`, [
      ...query.parameters,
    ]),
  );
  const lines = result.rows.map((row) => Object.values(row)[0] ?? '');
  const indexes = [
    ...new Set(
      lines.flatMap((line) =>
        [...line.matchAll(INDEX_IN_PLAN)].map(
          (match) => (match[1] ?? match[2])!,
        ),
      ),
    ),
  ];
  return { usesCountIndex: indexes.includes(COUNT_INDEX_NAME), indexes, lines };
}

/**
 * The grouped count the chat's comment signal sends once per debounce window: latency over a
 * full working set, with the module's index and (after dropping it) with Docmost's own index
 * only, each with the plan PostgreSQL chose. Leaves the index dropped: run it last.
 */
export async function measureCountQuery(
  options: CountQueryBenchOptions,
): Promise<CountQueryFigures> {
  const source = createDatabaseCommentSource(options.db);
  const request = {
    workspaceId: options.workspaceId,
    userId: options.userId,
    pages: options.pageIds.map((pageId) => ({ pageId })),
    baseline: { millisecondsAgo: BASELINE_MINUTES_AGO * 60_000 },
    agent: { userId: options.userId },
  };
  const count = () => source.countNewComments(request);
  const measure = async (): Promise<{
    latency: LatencySummary;
    plan: CountQueryPlan;
  }> => {
    await count();
    const latency = summarizeLatencies(await timeRuns(options.runs, count));
    return { latency, plan: await explainLast(options.db, options.recorder) };
  };
  const sample = await count();
  const withIndex = await measure();
  await sql.raw(`drop index ${COUNT_INDEX_NAME}`).execute(options.db);
  await sql`analyze comments`.execute(options.db);
  const withoutIndex = await measure();
  return {
    pages: options.pageIds.length,
    baselineMinutesAgo: BASELINE_MINUTES_AGO,
    pagesWithNews: sample.pages.length,
    newComments: sample.pages.reduce((sum, page) => sum + page.count, 0),
    withIndex: withIndex.latency,
    withIndexPlan: withIndex.plan,
    withoutIndex: withoutIndex.latency,
    withoutIndexPlan: withoutIndex.plan,
  };
}
