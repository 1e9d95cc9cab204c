import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { searchPages } from '../../src/tools/reading/search-pages';
import { resolveExecutorDependencies } from '../../src/tools/resolve-executor-dependencies';
import { timeOnce } from './latency';
import { LARGE_VOCABULARY } from './large-workspace';
import { summarizeTail, type TailLatency } from './tail-latency';

export interface SearchQueryFigures {
  readonly query: string;
  /** What the query stands for: a title lookup, a topic word, ... */
  readonly kind: string;
  /** Pages whose pages.tsv matches the query's first form (all words), over the whole workspace. */
  readonly matchingPages: number;
  readonly hits: number;
  readonly latency: TailLatency;
}

export interface SearchFigures {
  readonly queries: readonly SearchQueryFigures[];
  /** Every sample of every query together. */
  readonly overall: TailLatency;
  /** `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)` of the topic-word search as the tool sent it. */
  readonly plan: {
    readonly query: string;
    readonly usesGinIndex: boolean;
    readonly lines: readonly string[];
  };
}

export interface SearchBenchOptions {
  /** A Kysely over the large workspace whose statements end in `recorded` (to explain the search). */
  readonly db: Kysely<DB>;
  readonly recorded: CompiledQuery[];
  readonly context: ToolCallContext;
  /** Generated pages in the workspace: the title lookup names one of them. */
  readonly pages: number;
  readonly runs: number;
}

/**
 * Searches a user makes: a page by its title, topic words of middling frequency (about 1 % of
 * pages each, as most words of a real workspace), two of them together, the title of the 5 MB
 * page, and a query that matches nothing (which then retries with any word).
 */
function searchesFor(
  pages: number,
): ReadonlyArray<{ readonly query: string; readonly kind: string }> {
  // Generated page i is titled "<Word i mod 100> <word> i".
  const page = Math.floor(pages * 0.4242);
  return [
    {
      query: `${LARGE_VOCABULARY[page % LARGE_VOCABULARY.length]} ${page}`,
      kind: 'title lookup',
    },
    { query: 'roadmap12', kind: 'topic word (~1 % of pages)' },
    { query: 'latency9 kubernetes13', kind: 'two topic words' },
    { query: 'huge handbook', kind: 'the 5 MB page by title' },
    { query: 'xylophone zither', kind: 'no match (then any word)' },
  ];
}

async function matchingPages(db: Kysely<DB>, query: string): Promise<number> {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const { rows } = await db.executeQuery<{ count: number }>(
    CompiledQuery.raw(
      `select count(*)::int as count from pages where tsv @@ to_tsquery('english', f_unaccent($1))`,
      [words.map((word) => `${word}:*`).join(' & ')],
    ),
  );
  return rows[0]?.count ?? 0;
}

/** searchPages, as the tool runs it, on the large workspace: latency per query and the plan of one. */
export async function measureSearch(
  options: SearchBenchOptions,
): Promise<SearchFigures> {
  const queries: SearchQueryFigures[] = [];
  const all: number[] = [];
  const planned = 'roadmap12';
  const dependencies = resolveExecutorDependencies(options.db);
  for (const { query, kind } of searchesFor(options.pages)) {
    const input = { query, limit: 10 };
    const first = await searchPages(dependencies, input, options.context);
    const samples: number[] = [];
    for (let run = 0; run < options.runs; run++)
      samples.push(
        await timeOnce(() => searchPages(dependencies, input, options.context)),
      );
    all.push(...samples);
    queries.push({
      query,
      kind,
      matchingPages: await matchingPages(options.db, query),
      hits: first.hits.length,
      latency: summarizeTail(samples),
    });
  }
  options.recorded.length = 0;
  await searchPages(
    dependencies,
    { query: planned, limit: 10 },
    options.context,
  );
  const statement = options.recorded.at(-1);
  if (statement === undefined)
    throw new Error('searchPages sent no statement to explain');
  const result = await options.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(
      `explain (analyze, buffers, costs off) ${statement.sql}`,
      [...statement.parameters],
    ),
  );
  const lines = result.rows.map((row) => Object.values(row)[0] ?? '');
  return {
    queries,
    overall: summarizeTail(all),
    plan: {
      query: planned,
      usesGinIndex: lines.some((line) => line.includes('pages_tsv_idx')),
      lines,
    },
  };
}

/** The lines of the search plan that show how pages are found. */
export function searchPlanExcerpt(lines: readonly string[]): string[] {
  return lines.filter((line) =>
    /pages_tsv_idx|Seq Scan on pages|Bitmap Heap Scan on pages|Recheck Cond: \(tsv|Execution Time|Planning Time/.test(
      line,
    ),
  );
}
