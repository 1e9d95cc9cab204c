import { performance } from 'node:perf_hooks';
import { benchMachine, type BenchMachine } from './bench-machine';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOKEN_ENCODING } from '../../host/chat/tool-tokens';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import { createBenchDatabase, type BenchCluster } from './bench-database';
import { addCommentVolume, type CommentVolume } from './comment-volume';
import {
  measureCommentSignal,
  type CommentSignalFigures,
} from './comment-signal-figures';
import {
  measureCountQuery,
  type CountQueryFigures,
} from './count-query-figures';
import {
  measureThreeTurnChat,
  type ThreeTurnChatFigures,
} from './prefix-cache-figures';
import {
  measureChatCache,
  type ChatCacheRunFigures,
} from './chat-cache-figures';
import type { Scenario } from '../eval/scenario';
import { measureLivePages, type LivePageFigures } from './live-page-figures';
import { measureMcpCalls, type McpCallFigures } from './mcp-call-figures';
import { measureRegistry, type RegistryFigures } from './registry-figures';
import {
  measureSessionMemory,
  type SessionMemoryFigures,
} from './session-memory-figures';
import { measureToolTokens, type ToolTokenFigures } from './tool-token-figures';

/** How many times each figure is sampled; the defaults keep a run near half a minute on 2 cores. */
export interface BenchRuns {
  /** Registry builds timed. Default 30. */
  readonly registryBuilds?: number;
  /** Per-turn tool-set builds timed. Default 200. */
  readonly perTurnToolSets?: number;
  /** Tool calls timed per comment-signal mode. Default 500. */
  readonly toolCalls?: number;
  /** Count queries timed, with and without the index each. Default 200. */
  readonly countQueries?: number;
  /** Comment-signal sessions held for the memory figure. Default 1 000 (the signal's default cap). */
  readonly sessions?: number;
  /** Live-page edits and reads timed on the small page (half as many on the large one). Default 50. */
  readonly livePageCalls?: number;
  /** MCP tool calls timed through the reference host. Default 300. */
  readonly mcpCalls?: number;
}

export interface RunBenchOptions {
  readonly cluster: BenchCluster;
  /** Volume of the bench database; default 200 pages and 20 000 comments. */
  readonly volume?: { readonly pages?: number; readonly comments?: number };
  /** Pages in the measured session's working set; default 50 (the signal's default maximum). */
  readonly workingSetPages?: number;
  readonly runs?: BenchRuns;
  /** Progress lines. Default: none. */
  readonly log?: (line: string) => void;
  /** The chats of the cache figures; default every eval scenario and the long chat. */
  readonly cacheChats?: readonly Scenario[];
  /** A migrated, empty database the cache chats' workspace is cloned from; default: one migrated for them. */
  readonly migratedTemplate?: string;
  /** The bench database, created and dropped by the run; default `ai_tools_bench`. */
  readonly databaseName?: string;
}

export interface BenchFigures {
  /** When the figures were taken (ISO 8601). */
  readonly date: string;
  readonly machine: BenchMachine;
  readonly database: string;
  readonly encoding: string;
  readonly toolTokens: ToolTokenFigures;
  /** The three-turn chat in three modes: input tokens and what a prefix cache cannot serve. */
  readonly threeTurnChat: ThreeTurnChatFigures;
  /** Whole chats through the reference host, per arm (Docmost's own tools, OFF, ON), with a prefix cache counted. */
  readonly chatCache: ChatCacheRunFigures;
  readonly registry: RegistryFigures;
  readonly volume: Omit<CommentVolume, 'pageIds'> & { readonly pages: number };
  readonly commentSignal: CommentSignalFigures;
  readonly countQuery: CountQueryFigures;
  readonly memory: SessionMemoryFigures;
  readonly livePages: LivePageFigures;
  readonly mcpCalls: McpCallFigures;
  readonly durationMs: number;
}

/**
 * Every benchmark, on a bench database of its own (created on the cluster, migrated, seeded,
 * loaded with comments, dropped at the end, also on failure). Nothing touches the demo database.
 */
export async function runBench(
  options: RunBenchOptions,
): Promise<BenchFigures> {
  const startedAt = performance.now();
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? {};
  const workingSetPages = options.workingSetPages ?? 50;
  log(`creating the bench database on ${options.cluster.description}`);
  const bench = await createBenchDatabase(
    options.cluster,
    options.databaseName,
  );
  try {
    const seed = await seedDemoWorkspace(bench.db);
    const volume = await addCommentVolume(bench.db, options.volume);
    log(
      `loaded ${volume.pageIds.length} pages and ${volume.comments.toLocaleString('en-US')} comments`,
    );
    const context: ToolCallContext = {
      userId: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat',
      sessionId: 'bench',
    };
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(bench.db),
      logger: { warn: () => undefined },
    });

    log('tool-definition tokens');
    const toolTokens = await measureToolTokens(registry, context);
    log('three-turn chat: cacheable prefixes per mode');
    const threeTurnChat = await measureThreeTurnChat();
    log('chats through the reference host: input with a prefix cache counted');
    const chatCache = await measureChatCache({
      adminUrl: options.cluster.adminUrl,
      driver: options.cluster.driver,
      migratedTemplate: options.migratedTemplate,
      ...(options.cacheChats === undefined
        ? {}
        : { scenarios: options.cacheChats }),
      log,
    });
    log('registry build time');
    const registryFigures = await measureRegistry({
      db: bench.db,
      context,
      buildRuns: runs.registryBuilds ?? 30,
      perTurnRuns: runs.perTurnToolSets ?? 200,
    });
    const workingSet = volume.pageIds.slice(0, workingSetPages);
    const user = {
      userId: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
    };
    log('comment-signal overhead per tool call');
    const commentSignal = await measureCommentSignal({
      db: bench.db,
      recorder: bench.recorder,
      ...user,
      pageIds: workingSet,
      runs: runs.toolCalls ?? 500,
    });
    log('grouped count query, with and without the index');
    const countQuery = await measureCountQuery({
      db: bench.db,
      recorder: bench.recorder,
      ...user,
      pageIds: workingSet,
      runs: runs.countQueries ?? 200,
    });
    log('heap per comment-signal session');
    const memory = await measureSessionMemory({
      sessions: runs.sessions ?? 1_000,
      workingSetPages,
    });
    log(
      'live pages: an edit until the open editor has it, live vs database reads',
    );
    const livePages = await measureLivePages({
      db: bench.db,
      ownerToken: seed.users.find((user) => user.role === 'owner')!.token,
      runs: runs.livePageCalls ?? 50,
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    });
    log('MCP tool calls through the reference host (one instance)');
    const mcpCalls = await measureMcpCalls({
      url: bench.url,
      driver: options.cluster.driver,
      ownerToken: seed.users.find((user) => user.role === 'owner')!.token,
      runs: runs.mcpCalls ?? 300,
    });
    return {
      date: new Date().toISOString(),
      machine: benchMachine(),
      database: options.cluster.description,
      encoding: TOKEN_ENCODING,
      toolTokens,
      threeTurnChat,
      chatCache,
      registry: registryFigures,
      volume: {
        pages: volume.pageIds.length,
        comments: volume.comments,
        recentComments: volume.recentComments,
      },
      commentSignal,
      countQuery,
      memory,
      livePages,
      mcpCalls,
      durationMs: Math.round(performance.now() - startedAt),
    };
  } finally {
    await bench.drop();
  }
}

/** The figures as one JSON object: plan texts left out (they are not figures; the readable output shows them). */
export function benchFiguresJson(figures: BenchFigures): string {
  const { withIndexPlan, withoutIndexPlan, ...countQuery } = figures.countQuery;
  const plan = ({ lines: _lines, ...rest }: typeof withIndexPlan) => rest;
  return JSON.stringify({
    ...figures,
    countQuery: {
      ...countQuery,
      withIndexPlan: plan(withIndexPlan),
      withoutIndexPlan: plan(withoutIndexPlan),
    },
  });
}
