import type { Kysely } from 'kysely';
import type { DB } from '../database';
import { DeferredToolsTurn } from '../deferred/deferred-tools-turn';
import { toAiSdkToolSet } from '../registry/adapters/ai-sdk-tool-set';
import { createToolRegistry } from '../registry/create-tool-registry';
import type { ToolCallContext } from '../registry/tool-call-context';
import { TOOL_DEFINITIONS } from '../tools/definitions';
import { createDocmostExecutors } from '../tools/executors';
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

export async function measureRegistry(db: Kysely<DB>, context: ToolCallContext, runs: { readonly build: number; readonly perTurn: number }): Promise<RegistryFigures> {
  const build = () => createToolRegistry({ specs: TOOL_DEFINITIONS, executors: createDocmostExecutors(db), logger: SILENT });
  // Warm-up: the first build pays for module loading and JIT, which a server pays once at boot.
  build();
  const buildSamples = await timeRuns(runs.build, build);
  const registry = build();
  const perTurnSamples = await timeRuns(runs.perTurn, () => {
    const toolSet = toAiSdkToolSet(registry, context);
    const turn = new DeferredToolsTurn({
      enabled: true,
      boundTools: registry.tools.map((bound) => ({ name: bound.spec.name, tier: bound.spec.tier, catalogLine: bound.spec.catalogLine, tool: toolSet[bound.spec.name]! })),
    });
    return turn.catalogBlock.length;
  });
  return { specs: TOOL_DEFINITIONS.length, buildMs: summarizeLatencies(buildSamples), perTurnToolSetMs: summarizeLatencies(perTurnSamples) };
}
