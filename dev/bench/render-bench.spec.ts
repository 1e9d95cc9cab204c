import { commentScanExcerpt } from './count-query-figures';
import { renderBench } from './render-bench';
import { benchFiguresJson, type BenchFigures } from './run-bench';

const latency = (p50Ms: number) => ({
  runs: 10,
  p50Ms,
  p95Ms: p50Ms * 2,
  meanMs: p50Ms * 1.2,
});
const request = (
  tools: number,
  toolTokens: number,
  catalogTokens: number,
  savingPercent: number,
) => ({
  tools,
  toolTokens,
  catalogTokens,
  totalTokens: toolTokens + catalogTokens,
  savingPercent,
});
const chatRequest = (
  turn: number,
  tools: number,
  toolTokens: number,
  inputTokens: number,
  cacheablePrefixTokens: number,
) => ({
  turn,
  tools,
  toolTokens,
  inputTokens,
  cacheablePrefixTokens,
  uncachedTokens: inputTokens - cacheablePrefixTokens,
});
const cacheArm = (inputTokens: number, freshTokens: number) => {
  const cachedTokens = inputTokens - freshTokens;
  return {
    requests: 25,
    inputTokens,
    cachedTokens,
    cachedFromEarlierChatsTokens: 2000,
    freshTokens,
    pricedInputTokens: {
      10: Math.round(freshTokens + cachedTokens / 10),
      25: Math.round(freshTokens + cachedTokens / 4),
      50: Math.round(freshTokens + cachedTokens / 2),
    },
    completed: true,
    loadedDefinitionTokens: 0,
    loadingTokens: 0,
    toolResultTokens: 4600,
  };
};
const signalMode = (p50Ms: number, countQueriesPerCall: number) => ({
  ...latency(p50Ms),
  countQueriesPerCall,
  checkFailures: 0,
});
const PLAN = [
  'Result (actual time=3.881..3.886 rows=1.00 loops=1)',
  '  ->  Seq Scan on pages p (actual time=0.009..0.116 rows=214.00 loops=1)',
  '  ->  Bitmap Heap Scan on comments c (actual time=0.005..0.005 rows=0.96 loops=50)',
  '        ->  Bitmap Index Scan on idx_comments_page_id_created_at (actual time=0.003..0.003 rows=1.00 loops=50)',
  '              Index Cond: ((page_id = p.id) AND (created_at > now()))',
  'Execution Time: 3.989 ms',
];

function figures(gcExposed = true): BenchFigures {
  return {
    date: '2025-07-01T10:00:00.000Z',
    machine: {
      cpus: 2,
      cpuModel: 'AMD EPYC',
      node: 'v20.20.2',
      platform: 'linux-x64',
    },
    database: 'embedded PostgreSQL on port 5432 (.data/postgres)',
    encoding: 'o200k_base',
    toolTokens: {
      boundTools: 35,
      deferredOn: request(14, 4037, 520, 66),
      inConversation: request(42, 4600, 520, 60),
      afterLoadingOne: {
        ...request(15, 4470, 520, 62.8),
        loaded: ['getTable'],
      },
      afterLoadingThree: {
        ...request(17, 5680, 520, 53.7),
        loaded: ['getTable', 'tableUpdateCell', 'tableInsertRow'],
      },
      deferredOff: request(35, 13400, 0, 0),
      docmost: {
        tools: 40,
        totalTokens: 5946,
        source: 'the Docmost fork at 0.94.0, measured from outside',
      },
      deferredOnShareOfDocmostPercent: 76.6,
      perTool: [
        {
          name: 'getPage',
          tier: 'core',
          descriptionTokens: 90,
          parametersTokens: 60,
          definitionTokens: 160,
          docmostDefinitionTokens: 91,
          docmostDescriptionTokens: 20,
          descriptionBudget: 100,
        },
        {
          name: 'editPageText',
          tier: 'core',
          descriptionTokens: 300,
          parametersTokens: 100,
          definitionTokens: 410,
          docmostDefinitionTokens: 442,
          docmostDescriptionTokens: 271,
          descriptionBudget: 271,
        },
        {
          name: 'stashPage',
          tier: 'deferred',
          descriptionTokens: 320,
          parametersTokens: 120,
          definitionTokens: 450,
          docmostDefinitionTokens: null,
          docmostDescriptionTokens: null,
          descriptionBudget: null,
        },
      ],
    },
    threeTurnChat: {
      modes: [
        {
          mode: 'all-active',
          requests: [chatRequest(1, 41, 17077, 17457, 0)],
          totalInputTokens: 17457,
          uncachedTokens: 17457,
        },
        {
          mode: 'deferred-cold',
          requests: [chatRequest(2, 14, 4232, 5758, 4231)],
          totalInputTokens: 5758,
          uncachedTokens: 1527,
        },
        {
          mode: 'deferred-carried',
          requests: [chatRequest(2, 16, 5277, 6803, 6775)],
          totalInputTokens: 6803,
          uncachedTokens: 28,
        },
      ],
    },
    chatCache: {
      docmostToolTokens: 5946,
      persona: 'loader',
      chats: [
        {
          id: 'long-chat',
          title: 'Twelve turns',
          turns: 12,
          arms: {
            docmost: cacheArm(240981, 10920),
            off: cacheArm(435206, 10920),
            on: cacheArm(170284, 16752),
            onWithoutStubs: cacheArm(156000, 16752),
          },
        },
      ],
      evalChats: {
        docmost: cacheArm(0, 0),
        off: cacheArm(0, 0),
        on: cacheArm(0, 0),
        onWithoutStubs: cacheArm(0, 0),
      },
    },
    registry: {
      specs: 41,
      buildMs: latency(8),
      perTurnToolSetMs: latency(0.1),
    },
    volume: { pages: 200, comments: 20000, recentComments: 200 },
    commentSignal: {
      tool: 'getOutline',
      workingSetPages: 50,
      defaultDebounceMs: 20000,
      withoutSignal: signalMode(1.3, 0),
      debounceZero: signalMode(7.2, 1),
      defaultDebounce: signalMode(1.6, 0.002),
      overheadDebounceZeroMs: { p50Ms: 5.9, p95Ms: 11.8 },
      overheadDefaultDebounceMs: { p50Ms: 0.3, p95Ms: 0.6 },
    },
    countQuery: {
      pages: 50,
      baselineMinutesAgo: 10,
      pagesWithNews: 48,
      newComments: 48,
      withIndex: latency(6),
      withIndexPlan: {
        usesCountIndex: true,
        indexes: [
          'space_members_space_id_group_id_key',
          'idx_comments_page_id_created_at',
        ],
        lines: PLAN,
      },
      withoutIndex: latency(12.5),
      withoutIndexPlan: {
        usesCountIndex: false,
        indexes: ['idx_comments_page_id'],
        lines: ['Seq Scan on comments c'],
      },
    },
    memory: gcExposed
      ? {
          gcExposed,
          sessions: 1000,
          bytesPerSessionOnePage: 1041,
          bytesPerSessionFullWorkingSet: 8019,
          workingSetPages: 50,
        }
      : {
          gcExposed,
          sessions: 1000,
          bytesPerSessionOnePage: null,
          bytesPerSessionFullWorkingSet: null,
          workingSetPages: 50,
        },
    livePages: {
      small: {
        documentBytes: 2400,
        topLevelBlocks: 12,
        writeToEditor: { ...latency(4.2), p99Ms: 9.5 },
        liveRead: { ...latency(1.1), p99Ms: 2.5 },
        databaseRead: { ...latency(1.4), p99Ms: 3 },
      },
      large: {
        documentBytes: 301000,
        topLevelBlocks: 1400,
        writeToEditor: { ...latency(61), p99Ms: 90 },
        liveRead: { ...latency(30), p99Ms: 44 },
        databaseRead: { ...latency(12), p99Ms: 20 },
      },
    },
    mcpCalls: {
      call: latency(3.5),
      statementsPerCall: 4.2,
      sessionStatementsPerCall: 1,
      countsCarryingSessionPerCall: 0,
      signalledCalls: 0,
      sessionStatement: latency(0.4),
      withNews: {
        call: latency(6.5),
        statementsPerCall: 9,
        sessionStatementsPerCall: 1,
        countsCarryingSessionPerCall: 1,
        signalledCalls: 10,
        sessionStatement: latency(0.5),
      },
    },
    durationMs: 16000,
  };
}

describe('bench output', () => {
  it('renders each figure with its unit and the comments part of the plan', () => {
    const text = renderBench(figures());
    expect(text).toContain('Live pages (Hocuspocus on loopback');
    expect(text).toMatch(
      /one tool call \(default debounce\)\s+3\.500 ms\s+7\.000 ms\s+4\.200 ms\s+10\s+4\.200\s+1\.000\s+0\.000/,
    );
    expect(text).toMatch(/its session statements\s+0\.400 ms\s+0\.800 ms/);
    expect(text).toMatch(
      /a new comment before each call \(debounce 0\)\s+6\.500 ms\s+13\.000 ms\s+7\.800 ms\s+10\s+9\.000\s+1\.000\s+1\.000/,
    );
    expect(text).toMatch(
      /large: edit until the editor has it\s+61\.000 ms\s+90\.000 ms/,
    );
    expect(text).toMatch(
      /deferred ON, tool-list loading, nothing loaded\s+14\s+4,037\s+520\s+4,557\s+76\.6%/,
    );
    expect(text).toMatch(
      /deferred ON, every step \(stubs; loads in the conversation\)\s+42\s+4,600\s+520\s+5,120\s+86\.1%/,
    );
    expect(text).toMatch(
      /package, all 35 active \(deferred OFF\)\s+35\s+13,400\s+0\s+13,400\s+225\.4%/,
    );
    expect(text).toMatch(
      /Docmost's own 40 tools, all active\s+40\s+5,946\s+0\s+5,946\s+100\.0%/,
    );
    expect(text).toContain(
      "deferred ON: 4,557 tokens per step, 76.6% of Docmost's own 5,946 (goal: at most half, 2,973: NOT MET)",
    );
    expect(text).toContain(
      "Docmost's figure: the Docmost fork at 0.94.0, measured from outside",
    );
    // The per-tool table: tokens now, Docmost's, and the budget a core description exceeded.
    expect(text).toMatch(/getPage\s+core\s+90\s+100\s+20\s+60\s+160\s+91$/m);
    expect(text).toMatch(
      /editPageText\s+core\s+300\s+271 OVER\s+271\s+100\s+410\s+442$/m,
    );
    expect(text).toMatch(
      /stashPage\s+deferred\s+320\s+—\s+—\s+120\s+450\s+—$/m,
    );
    expect(text).toMatch(/core, together\s+390\s+291\s+160\s+570\s+533$/m);
    expect(text).toMatch(
      /createToolRegistry \(41 specs\)\s+8\.000 ms\s+16\.000 ms/,
    );
    expect(text).toMatch(
      /signal, debounce 0\s+7\.200 ms\s+14\.400 ms\s+8\.640 ms\s+10\s+1\.000\s+0/,
    );
    expect(text).toContain('overhead, debounce 0: p50 5.900 ms, p95 11.800 ms');
    expect(text).toMatch(
      /with idx_comments_page_id_created_at\s+6\.000 ms.*idx_comments_page_id_created_at$/m,
    );
    expect(text).toMatch(
      /Docmost indexes only\s+12\.500 ms.*idx_comments_page_id$/m,
    );
    expect(text).toContain('uses idx_comments_page_id_created_at: yes');
    expect(text).toContain(
      '    ->  Bitmap Index Scan on idx_comments_page_id_created_at',
    );
    expect(text).not.toContain('Seq Scan on pages');
    expect(text).toContain('full working set (50 pages): 8,019 B (7.8 KiB)');
    expect(text).toMatch(
      /deferred, carried across turns\s+1 requests\s+6,803 input tokens\s+28 uncached/,
    );
    expect(text).toMatch(
      /#1\s+turn 2\s+14 tools\s+4,232 tool tokens\s+5,758 in\s+4,231 cacheable\s+1,527 uncached/,
    );
  });

  it('says so when the heap could not be measured', () => {
    expect(renderBench(figures(false))).toContain(
      'not measured: the garbage collector could not be exposed',
    );
  });

  it('gives one line of JSON with every figure and without the plan texts', () => {
    const json = benchFiguresJson(figures());
    expect(json).not.toContain('\n');
    const parsed = JSON.parse(json) as BenchFigures;
    expect(parsed.toolTokens.deferredOn.totalTokens).toBe(4557);
    expect(parsed.countQuery.withIndexPlan).toEqual({
      usesCountIndex: true,
      indexes: [
        'space_members_space_id_group_id_key',
        'idx_comments_page_id_created_at',
      ],
    });
    expect(parsed.memory.bytesPerSessionFullWorkingSet).toBe(8019);
    expect(
      parsed.threeTurnChat.modes.map((mode) => [
        mode.mode,
        mode.uncachedTokens,
      ]),
    ).toEqual([
      ['all-active', 17457],
      ['deferred-cold', 1527],
      ['deferred-carried', 28],
    ]);
  });

  it('keeps the comments scans and timings of a plan', () => {
    expect(commentScanExcerpt(PLAN)).toEqual([
      PLAN[2],
      PLAN[3],
      PLAN[4],
      PLAN[5],
    ]);
  });
});
