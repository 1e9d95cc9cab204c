import { countPlanExcerpt } from './large-count-figures';
import { searchPlanExcerpt } from './large-search-figures';
import type { LargeBenchFigures, LargeBenchGoals } from './run-large-bench';
import type { TailLatency } from './tail-latency';

/** Where the generated part of BENCHMARKS.md starts and ends; the bench replaces what lies between. */
export const LARGE_RUN_BEGIN =
  '<!-- large-run:begin (written by npm run bench -- --pages N --comments M) -->';
export const LARGE_RUN_END = '<!-- large-run:end -->';
/** The chart's path, relative to the repository root. */
export const LARGE_RUN_CHART = 'docs/bench-large-run.svg';

function number(value: number): string {
  return value.toLocaleString('en-US');
}

function ms(latency: TailLatency): string {
  return `${latency.p50Ms} / ${latency.p95Ms} / ${latency.p99Ms}`;
}

const GOAL_TEXT: Readonly<Record<keyof LargeBenchGoals, string>> = {
  countWithinOnePointThreeOfBare:
    "module's count p50 within 1.3× of the bare statement at every working-set size",
  countHundredTimesCheaperThanNaiveAt50:
    'count ≥ 100× cheaper than the naive per-page read at 50 pages (p50)',
  interceptorSmallWithin20Microseconds:
    'interceptor overhead p50 ≤ 20 µs on a small result',
  interceptorLargeWithin300Microseconds:
    'interceptor overhead p50 ≤ 300 µs on 300 KB results',
  searchP99Within100Ms: 'searchPages p99 ≤ 100 ms',
  searchUsesGinIndex: 'search plan uses the GIN index pages_tsv_idx',
};

/** The large run as Markdown: the tables BENCHMARKS.md carries between its markers. */
export function largeBenchMarkdown(figures: LargeBenchFigures): string {
  const { count, interceptor, search, toolTokens } = figures;
  const lines = [
    `Measured ${figures.date} on ${figures.machine.cpus} CPUs (${figures.machine.cpuModel}), Node ${figures.machine.node}, ${figures.machine.platform}, driver ${figures.driver}, ${figures.database}; ` +
      `${number(figures.volume.pages)} pages, ${number(figures.volume.comments)} comments (database ${figures.volume.built ? `built in ${(figures.volume.buildMs / 1000).toFixed(0)} s` : 'reused from an earlier run'}); the run took ${(figures.durationMs / 1000).toFixed(0)} s.`,
    '',
    `![count latency and tool tokens](${LARGE_RUN_CHART})`,
    '',
    '**Goals of the run**',
    '',
    ...Object.entries(figures.goals).map(
      ([key, met]) =>
        `- ${met ? 'met' : '**not met**'}: ${GOAL_TEXT[key as keyof LargeBenchGoals]} (\`goals.${key}\`)`,
    ),
    '',
    `**Comment count** (p50 / p95 / p99 in ms; statement timeout ${count.statementTimeoutMs} ms; ratios of p50)`,
    '',
    '| pages | watermark | new comments | module | in a transaction (before) | bare statement | without the index | naive per-page read | module ÷ bare | naive ÷ module |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...count.cases.map(
      (entry) =>
        `| ${entry.workingSetPages} | ${entry.watermark} | ${number(entry.newComments)} | ${ms(entry.module)} | ${ms(entry.moduleInTransaction)} | ${ms(entry.bareStatement)} | ${ms(entry.withoutIndex)} | ${ms(entry.naivePerPage)} | ${entry.ratios.moduleOverBare} | ${entry.ratios.naiveOverModule} |`,
    ),
    '',
    `EXPLAIN (ANALYZE, BUFFERS) of the count at 50 pages with the 30-day watermark, the comments part (uses ${count.countIndex}: ${count.plan.usesCountIndex ? 'yes' : 'no'}):`,
    '',
    '```',
    ...countPlanExcerpt(count.plan.lines).map((line) => line.trim()),
    '```',
    '',
    '**Interceptor overhead** inside the debounce window (no count runs; what remains is the result scan and the session bookkeeping)',
    '',
    '| result | bytes | overhead p50 | p95 | p99 |',
    '|---|---:|---:|---:|---:|',
    ...[
      interceptor.small,
      interceptor.outline300KB,
      interceptor.pageJson300KB,
    ].map(
      (entry) =>
        `| ${entry.tool} | ${number(entry.resultBytes)} | ${entry.overheadMicroseconds.p50} µs | ${entry.overheadMicroseconds.p95} µs | ${entry.overheadMicroseconds.p99} µs |`,
    ),
    '',
    `**searchPages** on the workspace (p50 / p95 / p99 in ms; all queries together: ${ms(search.overall)})`,
    '',
    '| query | kind | pages matching | hits | latency |',
    '|---|---|---:|---:|---:|',
    ...search.queries.map(
      (entry) =>
        `| \`${entry.query}\` | ${entry.kind} | ${number(entry.matchingPages)} | ${entry.hits} | ${ms(entry.latency)} |`,
    ),
    '',
    `EXPLAIN (ANALYZE, BUFFERS) of the search for \`${search.plan.query}\` (uses pages_tsv_idx: ${search.plan.usesGinIndex ? 'yes' : 'no'}):`,
    '',
    '```',
    ...searchPlanExcerpt(search.plan.lines).map((line) => line.trim()),
    '```',
    '',
    `**Tool tokens** per request: deferred ON ${number(toolTokens.deferredOn.totalTokens)} (${toolTokens.deferredOnShareOfDocmostPercent.toFixed(1)} % of Docmost's own ${number(toolTokens.docmost.totalTokens)}), all ${toolTokens.boundTools} active ${number(toolTokens.deferredOff.totalTokens)}.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The large run for the terminal. */
export function renderLargeBench(figures: LargeBenchFigures): string {
  return `docmost-ai-tools benchmarks, large workspace\n${'─'.repeat(78)}\n${largeBenchMarkdown(figures)}`;
}

/** BENCHMARKS.md with its large-run section replaced (or appended when the markers are missing). */
export function withLargeRunSection(
  document: string,
  figures: LargeBenchFigures,
): string {
  const section = `${LARGE_RUN_BEGIN}\n${largeBenchMarkdown(figures)}${LARGE_RUN_END}`;
  const begin = document.indexOf(LARGE_RUN_BEGIN);
  const end = document.indexOf(LARGE_RUN_END);
  if (begin === -1 || end === -1 || end < begin)
    return `${document.trimEnd()}\n\n${section}\n`;
  return `${document.slice(0, begin)}${section}${document.slice(end + LARGE_RUN_END.length)}`;
}
