import type { PrepareStepFunction, Tool, ToolSet } from 'ai';
import type { ToolTier } from '../registry/tool-spec';
import type { CarriedTool } from './carried-tools';
import type { ChatTurnHooks } from './chat-turn-hooks';
import type { ToolLoading } from './tool-loading';

/** One bound tool of the turn, as the registry describes it. */
export interface TurnTool {
  readonly name: string;
  readonly tier: ToolTier;
  /** Required for deferred tools: their line in the `<tool_catalog>` block. */
  readonly catalogLine?: string;
  readonly tool: Tool;
}

/** One connected external MCP server; all its tools are deferred. */
export interface TurnExternalServer {
  readonly name: string;
  readonly prefix: string;
  /** Keyed by full tool name (`<prefix>_<tool>`), in the order the server listed them. */
  readonly tools: Readonly<Record<string, Tool>>;
}

export interface ChatTurnOptions<Ended = undefined> {
  /** The workspace toggle `settings.ai.deferredTools`; OFF means every bound tool is active. */
  readonly enabled: boolean;
  /** The registry's bound tools in canonical order (core tools keep this order when active). */
  readonly boundTools: readonly TurnTool[];
  /** Default: none. */
  readonly externalServers?: readonly TurnExternalServer[];
  /**
   * What the chat's previous turn had active, in activation order: activated again before the
   * first step, so that step's tools array equals the previous turn's last one. Tools no longer
   * bound or deferred are dropped silently; ignored when the toggle is OFF. Default: none.
   */
  readonly carriedTools?: readonly CarriedTool[];
  /** Carried tools kept at most, the least recently used dropped first. Default 12. */
  readonly maxCarriedTools?: number;
  /** Where a loaded tool's definition reaches the model (`tool-loading.ts`). Default `tool-list`. */
  readonly toolLoading?: ToolLoading;
  /** Epoch milliseconds, for the carried tools' last use. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * The host's own `prepareStep`, e.g. Docmost's final-step lockdown. It runs first on every
   * step; when it returns `activeTools`, its answer wins over the turn's visibility.
   */
  readonly prepareStep?: PrepareStepFunction<ToolSet>;
  /** What else the turn does on each step and at its end. Default: nothing (`end` resolves `undefined`). */
  readonly hooks?: ChatTurnHooks<Ended>;
}

/**
 * What a turn's deferred tools did, for the turn's record: counts and tool names only (names
 * the turn knows: the model's unknown names are counted, never kept).
 */
export interface DeferredTurnFigures {
  /** `loadTools` calls the model made (a call repair made for it is a recovered call instead). */
  readonly loadToolsCalls: number;
  /** Deferred tools loaded during the turn, in load order (carried ones are not loaded again). */
  readonly loadedToolNames: readonly string[];
  /** Names `loadTools` refused as unknown. */
  readonly unknownNamesRejected: number;
  /** Direct calls of a deferred tool that was not loaded: loaded for the next step instead of failing. */
  readonly recoveredCalls: number;
}
