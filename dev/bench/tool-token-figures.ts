import { DeferredToolsTurn } from '../../src/deferred/deferred-tools-turn';
import {
  countTokens,
  countToolTokens,
  modelFunctionTools,
} from '../../host/chat/tool-tokens';
import { savingPercent } from '../demo/turn-report';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';

/** Tool-definition tokens of one model request. */
export interface RequestToolTokens {
  /** Tools in the request's tools array. */
  readonly tools: number;
  /** Tokens of that tools array. */
  readonly toolTokens: number;
  /** Tokens of the `<tool_catalog>` block in the system prompt (0 with deferred tools OFF). */
  readonly catalogTokens: number;
  /** `toolTokens + catalogTokens`. */
  readonly totalTokens: number;
  /** Fewer tokens than with deferred tools OFF, in percent (one decimal). */
  readonly savingPercent: number;
}

export interface ToolTokenFigures {
  readonly boundTools: number;
  readonly deferredOn: RequestToolTokens;
  readonly afterLoadingOne: RequestToolTokens & {
    readonly loaded: readonly string[];
  };
  readonly afterLoadingThree: RequestToolTokens & {
    readonly loaded: readonly string[];
  };
  readonly deferredOff: RequestToolTokens;
}

/** What a table edit loads: one tool, then the three a row edit needs. */
export const LOADED_ONE = ['getTable'] as const;
export const LOADED_THREE = [
  'getTable',
  'tableUpdateCell',
  'tableInsertRow',
] as const;

async function requestTokens(
  turn: DeferredToolsTurn,
  offTotal: number | undefined,
): Promise<RequestToolTokens> {
  const active = turn.activeTools();
  const tools = await modelFunctionTools(turn.tools, active);
  const toolTokens = countToolTokens(tools);
  const catalogTokens =
    turn.catalogBlock === '' ? 0 : countTokens(turn.catalogBlock);
  const totalTokens = toolTokens + catalogTokens;
  return {
    tools: tools.length,
    toolTokens,
    catalogTokens,
    totalTokens,
    savingPercent:
      offTotal === undefined ? 0 : savingPercent(totalTokens, offTotal),
  };
}

/**
 * Tool-definition tokens per model request as the chat builds it (`DeferredToolsTurn` over the
 * registry's AI SDK tools, serialized as the request carries them): deferred ON before and after
 * loads, and OFF (every bound tool active, no catalog).
 */
export async function measureToolTokens(
  registry: ToolRegistry,
  context: ToolCallContext,
): Promise<ToolTokenFigures> {
  const toolSet = toAiSdkToolSet(registry, context);
  const boundTools = registry.tools.map((bound) => ({
    name: bound.spec.name,
    tier: bound.spec.tier,
    catalogLine: bound.spec.catalogLine,
    tool: toolSet[bound.spec.name]!,
  }));
  const turn = (enabled: boolean, load: readonly string[] = []) => {
    const created = new DeferredToolsTurn({ enabled, boundTools });
    if (load.length > 0) created.activate(load);
    return created;
  };
  const deferredOff = await requestTokens(turn(false), undefined);
  return {
    boundTools: registry.tools.length,
    deferredOn: await requestTokens(turn(true), deferredOff.totalTokens),
    afterLoadingOne: {
      ...(await requestTokens(turn(true, LOADED_ONE), deferredOff.totalTokens)),
      loaded: LOADED_ONE,
    },
    afterLoadingThree: {
      ...(await requestTokens(
        turn(true, LOADED_THREE),
        deferredOff.totalTokens,
      )),
      loaded: LOADED_THREE,
    },
    deferredOff,
  };
}
