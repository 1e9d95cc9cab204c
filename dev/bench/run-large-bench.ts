import { performance } from 'node:perf_hooks';
import { benchMachine, type BenchMachine } from './bench-machine';
import type { CompiledQuery } from 'kysely';
import { createKysely } from '../../src/database';
import { TOKEN_ENCODING } from '../../host/chat/tool-tokens';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import type { BenchCluster } from './bench-database';
import {
  measureLargeCount,
  type LargeCountFigures,
  type LargeCountRuns,
} from './large-count-figures';
import {
  measureInterceptor,
  type InterceptorFigures,
} from './large-interceptor-figures';
import { measureSearch, type SearchFigures } from './large-search-figures';
import { openLargeWorkspace, type LargeVolume } from './large-workspace';
import { measureToolTokens, type ToolTokenFigures } from './tool-token-figures';

export interface LargeBenchRuns {
  readonly count?: Partial<LargeCountRuns>;
  /** Interceptor calls timed on the small result; default 5 000. */
  readonly interceptorSmall?: number;
  /** Interceptor calls timed on each 300 KB result; default 1 000. */
  readonly interceptorLarge?: number;
  /** Searches timed per query; default 40. */
  readonly search?: number;
}

export interface LargeBenchOptions {
  readonly cluster: BenchCluster;
  readonly volume: LargeVolume;
  /** Default `ai_tools_bench_large`; tests pass their own. */
  readonly databaseName?: string;
  readonly runs?: LargeBenchRuns;
  readonly log?: (line: string) => void;
}

/** The goals of issue 13, each read off the figures of this run. */
export interface LargeBenchGoals {
  /** The module's count p50 within 1.3× of the bare statement's at every working-set size and watermark. */
  readonly countWithinOnePointThreeOfBare: boolean;
  /** At 50 pages the naive per-page read costs at least 100× the module's count (p50), at both watermarks. */
  readonly countHundredTimesCheaperThanNaiveAt50: boolean;
  /** Interceptor overhead p50 ≤ 20 µs on a small result. */
  readonly interceptorSmallWithin20Microseconds: boolean;
  /** Interceptor overhead p50 ≤ 300 µs on both 300 KB results. */
  readonly interceptorLargeWithin300Microseconds: boolean;
  /** searchPages p99 ≤ 100 ms over all queries. */
  readonly searchP99Within100Ms: boolean;
  /** The search plan reads pages through pages_tsv_idx. */
  readonly searchUsesGinIndex: boolean;
}

export interface LargeBenchFigures {
  readonly date: string;
  readonly machine: BenchMachine;
  readonly database: string;
  readonly driver: string;
  readonly encoding: string;
  readonly volume: LargeVolume & {
    readonly built: boolean;
    readonly buildMs: number;
  };
  readonly count: LargeCountFigures;
  readonly interceptor: InterceptorFigures;
  readonly search: SearchFigures;
  readonly toolTokens: ToolTokenFigures;
  readonly goals: LargeBenchGoals;
  readonly durationMs: number;
}

function goalsOf(
  count: LargeCountFigures,
  interceptor: InterceptorFigures,
  search: SearchFigures,
): LargeBenchGoals {
  return {
    countWithinOnePointThreeOfBare: count.cases.every(
      (entry) => entry.ratios.moduleOverBare <= 1.3,
    ),
    countHundredTimesCheaperThanNaiveAt50: count.cases
      .filter((entry) => entry.workingSetPages === 50)
      .every((entry) => entry.ratios.naiveOverModule >= 100),
    interceptorSmallWithin20Microseconds:
      interceptor.small.overheadMicroseconds.p50 <= 20,
    interceptorLargeWithin300Microseconds:
      interceptor.outline300KB.overheadMicroseconds.p50 <= 300 &&
      interceptor.pageJson300KB.overheadMicroseconds.p50 <= 300,
    searchP99Within100Ms: search.overall.p99Ms <= 100,
    searchUsesGinIndex: search.plan.usesGinIndex,
  };
}

/**
 * The large-workspace run: builds (or reuses) the large database, then measures the count four
 * ways, the interceptor on small and 300 KB results, searchPages, and the tool tokens ON vs OFF.
 * The database is kept for later runs.
 */
export async function runLargeBench(
  options: LargeBenchOptions,
): Promise<LargeBenchFigures> {
  const startedAt = performance.now();
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? {};
  const workspace = await openLargeWorkspace(
    options.cluster,
    options.volume,
    log,
    options.databaseName,
  );
  const recorded: CompiledQuery[] = [];
  const searchDb = createKysely({
    connectionString: workspace.url,
    driver: options.cluster.driver,
    max: 2,
    log: (event) => void recorded.push(event.query),
  });
  try {
    const context: ToolCallContext = {
      userId: SEED_IDS.users.owner,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat',
      sessionId: 'bench-large',
    };
    log(
      'comment count: module vs bare statement vs without the index vs naive per-page read',
    );
    const count = await measureLargeCount({
      db: workspace.db,
      recorder: workspace.recorder,
      countConnection: {
        connectionString: workspace.url,
        driver: options.cluster.driver,
      },
      userId: context.userId,
      workspaceId: context.workspaceId,
      pageIds: workspace.busiestPageIds,
      workspaceAgeMs: workspace.ageMs,
      runs: {
        fast: runs.count?.fast ?? 200,
        withoutIndex: runs.count?.withoutIndex ?? 10,
        naive: runs.count?.naive ?? 5,
      },
      log,
    });
    log('interceptor overhead on small and 300 KB results');
    const interceptor = await measureInterceptor({
      small: runs.interceptorSmall ?? 5_000,
      large: runs.interceptorLarge ?? 1_000,
    });
    log('searchPages');
    const search = await measureSearch({
      db: searchDb,
      recorded,
      context,
      pages: options.volume.pages,
      runs: runs.search ?? 40,
    });
    log('tool-definition tokens');
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(workspace.db),
      logger: { warn: () => undefined },
    });
    const toolTokens = await measureToolTokens(registry, context);
    return {
      date: new Date().toISOString(),
      machine: benchMachine(),
      database: options.cluster.description,
      driver: options.cluster.driver,
      encoding: TOKEN_ENCODING,
      volume: {
        ...options.volume,
        built: workspace.built,
        buildMs: workspace.buildMs,
      },
      count,
      interceptor,
      search,
      toolTokens,
      goals: goalsOf(count, interceptor, search),
      durationMs: Math.round(performance.now() - startedAt),
    };
  } finally {
    await searchDb.destroy();
    await workspace.close();
  }
}

/** The figures as one JSON object under `large`: plan texts left out (the readable output and BENCHMARKS.md show them). */
export function largeBenchFiguresJson(figures: LargeBenchFigures): string {
  const { lines: _countLines, ...countPlan } = figures.count.plan;
  const { lines: _searchLines, ...searchPlan } = figures.search.plan;
  return JSON.stringify({
    large: {
      ...figures,
      count: { ...figures.count, plan: countPlan },
      search: { ...figures.search, plan: searchPlan },
    },
  });
}
