import { ChatTurn } from '../../src/deferred';
import {
  countTokens,
  countToolTokens,
  modelFunctionTools,
  serializeToolsForRequest,
} from '../../host/chat/tool-tokens';
import { savingPercent, sharePercent } from '../demo/turn-report';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import {
  coreDescriptionBudget,
  DOCMOST_TOOL_TOKENS,
  DOCMOST_TOOL_TOKENS_SOURCE,
  DOCMOST_TOOLS_TOTAL_TOKENS,
  docmostToolTokens,
} from './docmost-tool-tokens';

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

/** One tool's definition as the chat sends it, beside Docmost's own for the same name. */
export interface ToolDefinitionTokens {
  readonly name: string;
  readonly tier: 'core' | 'deferred';
  /** The description text alone. */
  readonly descriptionTokens: number;
  /** The model-facing `parameters` JSON Schema alone. */
  readonly parametersTokens: number;
  /** The whole `{ type, function: { name, description, parameters } }` element. */
  readonly definitionTokens: number;
  /** Docmost's own definition of the same name; null for a tool Docmost lacks (stashPage). */
  readonly docmostDefinitionTokens: number | null;
  readonly docmostDescriptionTokens: number | null;
  /** The most the description may take (core tools); null for deferred tools. */
  readonly descriptionBudget: number | null;
}

/** What Docmost sends today per step: its own 40 tools, all active (a recorded measurement). */
export interface DocmostBaseline {
  readonly tools: number;
  readonly totalTokens: number;
  /** Where the figure was measured and how. */
  readonly source: string;
}

export interface ToolTokenFigures {
  readonly boundTools: number;
  readonly docmost: DocmostBaseline;
  /** Deferred ON, nothing loaded: share of Docmost's own tokens per step, in percent. */
  readonly deferredOnShareOfDocmostPercent: number;
  readonly perTool: readonly ToolDefinitionTokens[];
  /** Deferred ON with `tool-list` loading, nothing loaded (loads add full definitions to the array). */
  readonly deferredOn: RequestToolTokens;
  /**
   * Deferred ON with `in-conversation` loading (the default): every step of every chat, loads
   * included (a stub per deferred tool; a loaded tool's definition is in the conversation).
   */
  readonly inConversation: RequestToolTokens;
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
  turn: ChatTurn,
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
 * Tool-definition tokens per model request as the chat builds it (`ChatTurn` over the
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
    const created = new ChatTurn({
      enabled,
      boundTools,
      toolLoading: 'tool-list',
    });
    if (load.length > 0) created.activate(load);
    return created;
  };
  const deferredOff = await requestTokens(turn(false), undefined);
  const deferredOn = await requestTokens(turn(true), deferredOff.totalTokens);
  return {
    boundTools: registry.tools.length,
    docmost: {
      tools: DOCMOST_TOOL_TOKENS.length,
      totalTokens: DOCMOST_TOOLS_TOTAL_TOKENS,
      source: DOCMOST_TOOL_TOKENS_SOURCE,
    },
    deferredOnShareOfDocmostPercent: sharePercent(
      deferredOn.totalTokens,
      DOCMOST_TOOLS_TOTAL_TOKENS,
    ),
    perTool: await perToolTokens(toolSet, boundTools),
    deferredOn,
    inConversation: await requestTokens(
      new ChatTurn({
        enabled: true,
        boundTools,
        toolLoading: 'in-conversation',
      }),
      deferredOff.totalTokens,
    ),
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

/** Each bound tool's definition, counted as one element of the request's tools array. */
async function perToolTokens(
  toolSet: Awaited<ReturnType<typeof toAiSdkToolSet>>,
  boundTools: readonly {
    readonly name: string;
    readonly tier: 'core' | 'deferred';
  }[],
): Promise<ToolDefinitionTokens[]> {
  const sent = await modelFunctionTools(toolSet);
  return boundTools.map(({ name, tier }) => {
    const tool = sent.find((candidate) => candidate.name === name)!;
    const docmost = docmostToolTokens(name);
    return {
      name,
      tier,
      descriptionTokens: countTokens(tool.description ?? ''),
      parametersTokens: countTokens(JSON.stringify(tool.inputSchema)),
      // The element alone, without the array's brackets: as Docmost's per-tool figures count.
      definitionTokens: countTokens(
        serializeToolsForRequest([tool]).slice(1, -1),
      ),
      docmostDefinitionTokens: docmost?.definition ?? null,
      docmostDescriptionTokens: docmost?.description ?? null,
      descriptionBudget: tier === 'core' ? coreDescriptionBudget(name) : null,
    };
  });
}
