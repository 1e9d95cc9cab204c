import { Inject, Injectable, Optional } from '@nestjs/common';
import type { PrepareStepFunction, Tool, ToolSet } from 'ai';
import type { ToolCallContext } from '../registry';
import type { ToolRegistry } from '../registry';
import { InjectToolRegistry } from '../registry';
import type { CarriedTool } from './carried-tools';
import { ChatTurn } from './chat-turn';
import type { ChatTurnHooks } from './chat-turn-hooks';
import type { ChatTurnOptions, TurnExternalServer } from './chat-turn-options';
import { registryTurnTools } from './registry-turn-tools';
import {
  checkToolLoading,
  DEFAULT_TOOL_LOADING,
  type ToolLoading,
} from './tool-loading';

export interface StartTurnOptions {
  /** The caller every registry tool of the turn acts as (`surface: 'chat'`, the chat's id). */
  readonly context: ToolCallContext;
  /** The workspace toggle `settings.ai.deferredTools` (`AiToolsSettingsService.isDeferredToolsEnabled`). */
  readonly enabled: boolean;
  /**
   * Tools of connected external MCP servers, all deferred: per server (`[{ name, prefix, tools }]`),
   * or as one flat map of prefixed names (`{ jira_search: Tool, … }`), as Docmost's chat service
   * holds them; there each server is its name's prefix (the part before the first `_`).
   * Default: none.
   */
  readonly externalTools?:
    readonly TurnExternalServer[] | Readonly<Record<string, Tool>>;
  /** What the chat's previous turn had active (`ChatTurnMemory.carriedTools`). Default: none (a cold start). */
  readonly carriedTools?: readonly CarriedTool[];
  /** Carried tools kept at most. Default 12 (`ChatMemoryService.maxCarriedTools`). */
  readonly maxCarriedTools?: number;
  /**
   * The host's own `prepareStep`, e.g. Docmost's final-step lockdown. It runs first on every
   * step; when it returns `activeTools`, its answer wins over the turn's visibility.
   */
  readonly prepareStep?: PrepareStepFunction<ToolSet>;
  /** Epoch milliseconds, for the carried tools' last use. Default `Date.now`. */
  readonly now?: () => number;
  /** Where a loaded tool's definition reaches the model (`tool-loading.ts`). Default: the module's `deferredTools.toolLoading`. */
  readonly toolLoading?: ToolLoading;
}

/** The module's options of deferred tools (`AiToolsModuleOptions.deferredTools`). */
export interface DeferredToolsOptions {
  /**
   * Where a loaded tool's definition reaches the model: `in-conversation` (the tools
   * array never changes within a chat, so a provider's prompt cache keeps the chat),
   * `in-conversation-without-stubs` (the same, the request declaring no deferred tool: for
   * providers that accept a call of an undeclared tool) or `tool-list` (default: a loaded tool
   * joins the tools array, re-processing the chat's history). See `tool-loading.ts`.
   */
  readonly toolLoading?: ToolLoading;
}

export const DEFERRED_TOOLS_OPTIONS = Symbol('DEFERRED_TOOLS_OPTIONS');

/** External tools as servers: a flat map of prefixed names grouped by prefix. */
export function externalServersOf(
  externalTools: StartTurnOptions['externalTools'],
): readonly TurnExternalServer[] | undefined {
  if (externalTools === undefined || Array.isArray(externalTools))
    return externalTools as readonly TurnExternalServer[] | undefined;
  const servers = new Map<string, Record<string, Tool>>();
  for (const [name, tool] of Object.entries(
    externalTools as Readonly<Record<string, Tool>>,
  )) {
    const separator = name.indexOf('_');
    const prefix = separator > 0 ? name.slice(0, separator) : name;
    const tools = servers.get(prefix) ?? {};
    tools[name] = tool;
    servers.set(prefix, tools);
  }
  return [...servers].map(([prefix, tools]) => ({
    name: prefix,
    prefix,
    tools,
  }));
}

/**
 * The chat-turn glue: one call maps the registry to a turn (`ChatTurn`) and returns what
 * `streamText` needs. Stateless itself: every turn is its own `ChatTurn`, starting from what
 * the host carried over from the chat's previous turn (`carriedTools`) or cold; turns never
 * share state while they run.
 */
@Injectable()
export class DeferredToolsService {
  private readonly toolLoading: ToolLoading;

  constructor(
    @InjectToolRegistry() private readonly registry: ToolRegistry,
    // Absent where a host constructs the service without AiToolsModule: the default.
    @Optional()
    @Inject(DEFERRED_TOOLS_OPTIONS)
    options?: DeferredToolsOptions,
  ) {
    this.toolLoading = checkToolLoading(
      options?.toolLoading ?? DEFAULT_TOOL_LOADING,
    );
  }

  /**
   * Not generic on purpose: a host's `prepareStep` that reads the turn's own system prompt
   * (`turn.systemWithCatalog`, as Docmost's does) would otherwise make the turn's type depend
   * on itself.
   */
  startTurn(options: StartTurnOptions): ChatTurn {
    return new ChatTurn(this.turnOptions(options));
  }

  /** `startTurn` with hooks: what else the turn does on each step and at its `end`. */
  startTurnWithHooks<Ended>(
    options: StartTurnOptions,
    hooks: ChatTurnHooks<Ended>,
  ): ChatTurn<Ended> {
    return new ChatTurn({ ...this.turnOptions(options), hooks });
  }

  private turnOptions(
    options: StartTurnOptions,
  ): Omit<ChatTurnOptions, 'hooks'> {
    return {
      enabled: options.enabled,
      boundTools: registryTurnTools(this.registry, options.context),
      externalServers: externalServersOf(options.externalTools),
      carriedTools: options.carriedTools,
      maxCarriedTools: options.maxCarriedTools,
      now: options.now,
      prepareStep: options.prepareStep,
      toolLoading: checkToolLoading(options.toolLoading ?? this.toolLoading),
    };
  }
}
