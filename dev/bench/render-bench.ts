import { commentScanExcerpt, COUNT_INDEX_NAME } from './count-query-figures';
import type { LatencySummary } from './latency';
import type { LiveLatency } from './latency';
import type { LivePageSizeFigures } from './live-page-figures';
import type { McpCallScenarioFigures } from './mcp-call-figures';
import { renderThreeTurnChat } from './render-three-turn-chat';
import { renderChatCache } from './render-chat-cache';
import type { BenchFigures } from './run-bench';
import { renderPerToolTokens, renderToolTokens } from './render-tool-tokens';

const RULE = '─'.repeat(78);

function number(value: number): string {
  return value.toLocaleString('en-US');
}

function milliseconds(value: number): string {
  return `${value.toFixed(3)} ms`;
}

function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [format(head), ...rows.map(format)];
}

function latencyRow(
  label: string,
  latency: LatencySummary,
  extra: readonly string[] = [],
): string[] {
  return [
    label,
    milliseconds(latency.p50Ms),
    milliseconds(latency.p95Ms),
    milliseconds(latency.meanMs),
    String(latency.runs),
    ...extra,
  ];
}

function bytes(value: number | null): string {
  return value === null
    ? 'n/a'
    : `${number(value)} B (${(value / 1024).toFixed(1)} KiB)`;
}

function commentIndexes(indexes: readonly string[]): string {
  return (
    indexes.filter((name) => name.includes('comments')).join(', ') ||
    'none (sequential scan)'
  );
}

/** The figures of a bench run, readably. */
export function renderBench(figures: BenchFigures): string {
  const tokens = figures.toolTokens;
  const signal = figures.commentSignal;
  const count = figures.countQuery;
  const memory = figures.memory;
  const lines = [
    'docmost-ai-tools benchmarks',
    RULE,
    `${figures.date} · ${figures.machine.cpus} CPUs (${figures.machine.cpuModel}) · Node ${figures.machine.node} · ${figures.machine.platform}`,
    `Database: ${figures.database} (bench database, dropped afterwards) · run took ${(figures.durationMs / 1000).toFixed(1)} s`,
    '',
    ...renderToolTokens(tokens, figures.encoding),
    '',
    ...renderPerToolTokens(tokens),
    '',
    ...renderThreeTurnChat(figures.threeTurnChat),
    '',
    ...renderChatCache(figures.chatCache),
    '',
    'Registry',
    ...table(
      ['', 'p50', 'p95', 'mean', 'runs'],
      [
        latencyRow(
          `createToolRegistry (${figures.registry.specs} specs)`,
          figures.registry.buildMs,
        ),
        latencyRow(
          'per chat turn: tool set + catalog',
          figures.registry.perTurnToolSetMs,
        ),
      ],
    ),
    '',
    `Comment signal per tool call (${signal.tool}, working set ${signal.workingSetPages} pages, ${number(figures.volume.comments)} comments on ${figures.volume.pages} pages)`,
    ...table(
      ['', 'p50', 'p95', 'mean', 'runs', 'count queries/call', 'failed checks'],
      [
        latencyRow('without the signal', signal.withoutSignal, [
          signal.withoutSignal.countQueriesPerCall.toFixed(3),
          String(signal.withoutSignal.checkFailures),
        ]),
        latencyRow('signal, debounce 0', signal.debounceZero, [
          signal.debounceZero.countQueriesPerCall.toFixed(3),
          String(signal.debounceZero.checkFailures),
        ]),
        latencyRow(
          `signal, debounce ${number(signal.defaultDebounceMs)} ms`,
          signal.defaultDebounce,
          [
            signal.defaultDebounce.countQueriesPerCall.toFixed(3),
            String(signal.defaultDebounce.checkFailures),
          ],
        ),
      ],
    ),
    `  overhead, debounce 0: p50 ${milliseconds(signal.overheadDebounceZeroMs.p50Ms)}, p95 ${milliseconds(signal.overheadDebounceZeroMs.p95Ms)}`,
    `  overhead, default debounce: p50 ${milliseconds(signal.overheadDefaultDebounceMs.p50Ms)}, p95 ${milliseconds(signal.overheadDefaultDebounceMs.p95Ms)}`,
    '',
    `Grouped count query (${count.pages} pages, baseline ${count.baselineMinutesAgo} min ago: ${count.newComments} new comments on ${count.pagesWithNews} pages)`,
    ...table(
      ['', 'p50', 'p95', 'mean', 'runs', 'comments index in plan'],
      [
        latencyRow(`with ${COUNT_INDEX_NAME}`, count.withIndex, [
          commentIndexes(count.withIndexPlan.indexes),
        ]),
        latencyRow('Docmost indexes only', count.withoutIndex, [
          commentIndexes(count.withoutIndexPlan.indexes),
        ]),
      ],
    ),
    `  EXPLAIN (ANALYZE) of the count as sent, with the index — uses ${COUNT_INDEX_NAME}: ${count.withIndexPlan.usesCountIndex ? 'yes' : 'NO'}; the comments part:`,
    ...commentScanExcerpt(count.withIndexPlan.lines).map(
      (line) => `    ${line.trim()}`,
    ),
    '',
    `Heap per comment-signal session (${number(memory.sessions)} live sessions, heapUsed after full GC)`,
    ...(memory.gcExposed
      ? [
          `  one page touched: ${bytes(memory.bytesPerSessionOnePage)}`,
          `  full working set (${memory.workingSetPages} pages): ${bytes(memory.bytesPerSessionFullWorkingSet)}`,
        ]
      : [
          '  not measured: the garbage collector could not be exposed (run node with --expose-gc)',
        ]),
    ...renderLivePages(figures),
    ...renderMcpCalls(figures),
  ];
  return `${lines.join('\n')}\n`;
}

function renderMcpCalls(figures: BenchFigures): string[] {
  const mcp = figures.mcpCalls;
  const row = (label: string, latency: LatencySummary, extra: string[]) => [
    label,
    milliseconds(latency.p50Ms),
    milliseconds(latency.p95Ms),
    milliseconds(latency.meanMs),
    String(latency.runs),
    ...extra,
  ];
  const scenario = (label: string, measured: McpCallScenarioFigures) => [
    row(label, measured.call, [
      measured.statementsPerCall.toFixed(3),
      measured.sessionStatementsPerCall.toFixed(3),
      measured.countsCarryingSessionPerCall.toFixed(3),
    ]),
    ...(measured.sessionStatement === undefined
      ? []
      : [
          row('  its session statements', measured.sessionStatement, [
            '',
            '',
            '',
          ]),
        ]),
  ];
  return [
    '',
    'MCP tool calls (get_outline over POST /mcp of the reference host, one instance)',
    RULE,
    ...table(
      [
        '',
        'p50',
        'p95',
        'mean',
        'runs',
        'statements / call',
        'session statements / call',
        'counts carrying the session / call',
      ],
      [
        ...scenario('one tool call (default debounce)', mcp),
        ...scenario(
          'a new comment before each call (debounce 0)',
          mcp.withNews,
        ),
      ],
    ),
  ];
}

function renderLivePages(figures: BenchFigures): string[] {
  const live = figures.livePages;
  const row = (label: string, latency: LiveLatency): string[] => [
    label,
    milliseconds(latency.p50Ms),
    milliseconds(latency.p99Ms),
    milliseconds(latency.meanMs),
    String(latency.runs),
  ];
  const size = (name: string, page: LivePageSizeFigures) => [
    row(`${name}: edit until the editor has it`, page.writeToEditor),
    row(`${name}: live read (getOutline)`, page.liveRead),
    row(`${name}: database read (getOutline)`, page.databaseRead),
  ];
  return [
    '',
    `Live pages (Hocuspocus on loopback, a real provider as the editor; small ${number(live.small.documentBytes)} B, large ${number(live.large.documentBytes)} B / ${number(live.large.topLevelBlocks)} blocks)`,
    RULE,
    ...table(
      ['', 'p50', 'p99', 'mean', 'runs'],
      [
        ...size('small', live.small),
        ...size('large', live.large),
        ...(live.nonOwnerEdit === undefined
          ? []
          : [
              row(
                'small, agent on another instance: edit until the editor has it',
                live.nonOwnerEdit,
              ),
            ]),
      ],
    ),
    ...(live.nonOwnerEdit === undefined
      ? [
          '(agent on another instance: not measured; set REDIS_URL to measure it)',
        ]
      : []),
  ];
}
