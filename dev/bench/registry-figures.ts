import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { ChatTurn } from '../../src/deferred';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import { summarizeLatencies, timeRuns, type LatencySummary } from './latency';

export interface RegistryFigures {
  /** Specs the registry is built from. */
  readonly specs: number;
  /** `createToolRegistry` over every spec with the Docmost executors (once per process in a host). */
  readonly buildMs: LatencySummary;
  /** What every chat turn builds: the AI SDK tool set bound to the caller, and the deferred-tools turn with its catalog. */
  readonly perTurnToolSetMs: LatencySummary;
}

const SILENT = { warn: () => undefined };

export interface RegistryBenchOptions {
  /** Given to the executors; no query is made. */
  readonly db: Kysely<DB>;
  /** The caller the per-turn tool set is bound to. */
  readonly context: ToolCallContext;
  /** Registry builds timed. */
  readonly buildRuns: number;
  /** Per-turn tool-set builds timed. */
  readonly perTurnRuns: number;
}

export async function measureRegistry(
  options: RegistryBenchOptions,
): Promise<RegistryFigures> {
  const { db, context } = options;
  const build = () =>
    createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(db),
      logger: SILENT,
    });
  // Warm-up: the first build pays for module loading and JIT, which a server pays once at boot.
  build();
  const buildSamples = await timeRuns(options.buildRuns, build);
  const registry = build();
  const perTurnSamples = await timeRuns(options.perTurnRuns, () => {
    const toolSet = toAiSdkToolSet(registry, context);
    const turn = new ChatTurn({
      enabled: true,
      boundTools: registry.tools.map((bound) => ({
        name: bound.spec.name,
        tier: bound.spec.tier,
        catalogLine: bound.spec.catalogLine,
        tool: toolSet[bound.spec.name]!,
      })),
    });
    return turn.catalogBlock.length;
  });
  return {
    specs: TOOL_DEFINITIONS.length,
    buildMs: summarizeLatencies(buildSamples),
    perTurnToolSetMs: summarizeLatencies(perTurnSamples),
  };
}
