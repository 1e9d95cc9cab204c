import {
  NoSuchToolError,
  type Tool,
  type ToolCallRepairFunction,
  type ToolSet,
} from 'ai';
import { abbreviate } from '../registry/abbreviate';
import { ToolError } from '../registry/tool-error';
import type { ToolTier } from '../registry/tool-spec';
import {
  checkMaxCarriedTools,
  DEFAULT_MAX_CARRIED_TOOLS,
  selectCarriedTools,
  type CarriedTool,
} from './carried-tools';
import { createLoadToolsTool } from './load-tools-tool';
import type {
  LoadToolsResult,
  RepairedToolCall,
  ToolLoadingTurn,
} from './load-tools-result';
import { LOAD_TOOLS_NAME } from './load-tools-input';
import {
  buildToolCatalogBlock,
  type CatalogExternalServer,
} from './tool-catalog-block';

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

export interface DeferredToolsTurnOptions {
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
  /** Epoch milliseconds, for the carried tools' last use. Default `Date.now`. */
  readonly now?: () => number;
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

/**
 * Per-turn state of deferred tools: which deferred tools the model activated, in load order.
 * A turn starts with what the chat's previous turn carried (`carriedTools`), or cold. One
 * instance per `streamText` call, so concurrent turns of different users and chats never share it.
 *
 * `tools` is the object handed to `streamText`. The SDK serialises tools in the key order of
 * that object, filtered by `activeTools`; to keep each step's tools array a byte-prefix of the
 * next (provider prompt caches survive an activation), an activated tool's key is moved to the
 * end of the object, so activated tools follow the core tools and `loadTools` in load order.
 */
export class DeferredToolsTurn implements ToolLoadingTurn {
  readonly enabled: boolean;
  /** The tool set for `streamText`: bound tools, `loadTools` when enabled, external tools. */
  readonly tools: ToolSet;
  /** The `<tool_catalog>` block; empty when disabled or nothing is deferred. */
  readonly catalogBlock: string;
  /** Deferred names in canonical order: registry tools, then external tools per server. */
  readonly deferredToolNames: readonly string[];
  private readonly coreToolNames: readonly string[];
  private readonly deferred: ReadonlySet<string>;
  private readonly activated: string[] = [];
  /** Last load or call of each activated tool (epoch ms), for the carried tools' bound. */
  private readonly usedAt = new Map<string, number>();
  private readonly now: () => number;
  private readonly repairedCalls = new Map<string, RepairedToolCall>();
  /** The tools the current step was sent, as `prepareStep` set them; undefined before any step. */
  private stepTools: ReadonlySet<string> | undefined;
  private loadToolsCalls = 0;
  private readonly loadedToolNames: string[] = [];
  private unknownNamesRejected = 0;
  private recoveredCalls = 0;

  constructor(options: DeferredToolsTurnOptions) {
    const externalServers = options.externalServers ?? [];
    const externalNames = externalServers.flatMap((server) =>
      Object.keys(server.tools),
    );
    const registryDeferred = options.boundTools.filter(
      (tool) => tool.tier === 'deferred',
    );
    this.deferredToolNames = [
      ...registryDeferred.map((tool) => tool.name),
      ...externalNames,
    ];
    this.deferred = new Set(this.deferredToolNames);
    // Nothing to load: loadTools and the catalog would only cost tokens.
    this.enabled = options.enabled && this.deferredToolNames.length > 0;
    this.coreToolNames = options.boundTools
      .filter((tool) => tool.tier === 'core')
      .map((tool) => tool.name);
    this.now = options.now ?? Date.now;
    const maxCarriedTools = checkMaxCarriedTools(
      options.maxCarriedTools ?? DEFAULT_MAX_CARRIED_TOOLS,
    );

    const tools: Record<string, Tool> = {};
    if (this.enabled) {
      for (const tool of options.boundTools)
        if (tool.tier === 'core') tools[tool.name] = tool.tool;
      tools[LOAD_TOOLS_NAME] = createLoadToolsTool(this);
      for (const tool of registryDeferred)
        tools[tool.name] = this.recordingUse(tool.name, tool.tool);
      for (const server of externalServers) {
        for (const [name, tool] of Object.entries(server.tools))
          tools[name] = this.recordingUse(name, tool);
      }
    } else {
      for (const tool of options.boundTools) tools[tool.name] = tool.tool;
      for (const server of externalServers) Object.assign(tools, server.tools);
    }
    this.tools = tools;
    if (this.enabled) {
      for (const carried of selectCarriedTools(
        options.carriedTools ?? [],
        (name) => this.deferred.has(name),
        maxCarriedTools,
      )) {
        this.activated.push(carried.name);
        this.usedAt.set(carried.name, carried.usedAt);
        this.moveToEnd(carried.name);
      }
    }

    const servers: CatalogExternalServer[] = externalServers.map((server) => ({
      name: server.name,
      prefix: server.prefix,
      toolNames: Object.keys(server.tools),
    }));
    this.catalogBlock = this.enabled
      ? buildToolCatalogBlock({
          deferredTools: registryDeferred.map((tool) => ({
            name: tool.name,
            catalogLine: tool.catalogLine ?? '',
          })),
          externalServers: servers,
        })
      : '';
  }

  /** Deferred tools activated so far, in load order. */
  get activatedToolNames(): readonly string[] {
    return [...this.activated];
  }

  /**
   * What this turn hands to the chat's next turn: the activated tools in activation order,
   * carried ones included, with their last use. Empty when disabled, so a turn with the toggle
   * OFF leaves the stored set as it was.
   */
  carriedTools(): CarriedTool[] {
    return this.activated.map((name) => ({
      name,
      usedAt: this.usedAt.get(name) ?? this.now(),
    }));
  }

  /**
   * The `activeTools` of the next step: core tools in canonical order, `loadTools`, then the
   * activated tools in load order. `undefined` when disabled: every tool stays active.
   */
  activeTools(): readonly string[] | undefined {
    if (!this.enabled) return undefined;
    return [...this.coreToolNames, LOAD_TOOLS_NAME, ...this.activated];
  }

  /**
   * Activates deferred tools for the next step. All names are checked before any is activated,
   * so a call with one bad name changes nothing.
   */
  activate(names: readonly string[]): LoadToolsResult {
    const unknown = names.filter(
      (name) => !this.deferred.has(name) && !this.isAlwaysActive(name),
    );
    if (unknown.length > 0) {
      this.unknownNamesRejected += unknown.length;
      throw new ToolError(
        'invalid_input',
        `Unknown tool name${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `"${abbreviate(name)}"`).join(', ')}. ` +
          `Valid names (exact, case-sensitive): ${this.deferredToolNames.join(', ')}`,
        { unknown, validNames: this.deferredToolNames },
      );
    }
    const loaded: string[] = [];
    const alreadyActive: string[] = [];
    for (const name of names) {
      if (this.isAlwaysActive(name) || this.activated.includes(name)) {
        if (this.usedAt.has(name)) this.usedAt.set(name, this.now());
        alreadyActive.push(name);
        continue;
      }
      this.activated.push(name);
      this.usedAt.set(name, this.now());
      this.moveToEnd(name);
      loaded.push(name);
      this.loadedToolNames.push(name);
    }
    return alreadyActive.length > 0 ? { loaded, alreadyActive } : { loaded };
  }

  /**
   * `experimental_repairToolCall`: a direct call of a deferred tool that is not loaded yet (the
   * most common failure of deferred tools) becomes a `loadTools` call for that tool, so the
   * model gets a real tool result saying the tool is now loaded and to call it again, instead
   * of "unavailable tool". Anything else is left to the SDK's own error.
   */
  readonly repairToolCall: ToolCallRepairFunction<ToolSet> = async ({
    toolCall,
    error,
    tools,
  }) => {
    if (!this.enabled || !NoSuchToolError.isInstance(error)) return null;
    if (!this.deferred.has(toolCall.toolName) || !(LOAD_TOOLS_NAME in tools))
      return null;
    this.recoveredCalls += 1;
    this.repairedCalls.set(toolCall.toolCallId, {
      toolName: toolCall.toolName,
      input: toolCall.input,
    });
    return {
      ...toolCall,
      toolName: LOAD_TOOLS_NAME,
      input: JSON.stringify({ names: [toolCall.toolName] }),
    };
  };

  /** Counts one `loadTools` call of the model's own (not one repair made for it). */
  countLoadToolsCall(): void {
    this.loadToolsCalls += 1;
  }

  /** What the turn's deferred tools did so far. */
  figures(): DeferredTurnFigures {
    return {
      loadToolsCalls: this.loadToolsCalls,
      loadedToolNames: [...this.loadedToolNames],
      unknownNamesRejected: this.unknownNamesRejected,
      recoveredCalls: this.recoveredCalls,
    };
  }

  /** The direct call a `loadTools` call was repaired from, if any (read once). */
  takeRepairedCall(toolCallId: string): RepairedToolCall | undefined {
    const repaired = this.repairedCalls.get(toolCallId);
    this.repairedCalls.delete(toolCallId);
    return repaired;
  }

  private isAlwaysActive(name: string): boolean {
    return name === LOAD_TOOLS_NAME || this.coreToolNames.includes(name);
  }

  /**
   * Records the tools a step is sent (the `activeTools` the composed `prepareStep` returned;
   * undefined: every tool). A deferred tool runs only when its step was sent it.
   */
  beginStep(activeTools: readonly string[] | undefined): void {
    this.stepTools =
      activeTools === undefined ? undefined : new Set(activeTools);
  }

  private sentThisStep(name: string): boolean {
    if (!this.enabled) return true;
    // Before any prepareStep (a host that does not spread it): what is visible now.
    return (this.stepTools ?? new Set(this.activeTools())).has(name);
  }

  /**
   * The same tool, its calls recorded as uses (the schema the provider sees is unchanged), and
   * run only when the step was sent it. AI SDK releases before 6.0.231 (Docmost pins 6.0.134)
   * execute a call of any tool in `tools`, active or not; there a direct call of a deferred tool
   * that is not loaded does not run: it is loaded, as the repair hook does on later releases,
   * and the model reads that it must call it again.
   */
  private recordingUse(name: string, tool: Tool): Tool {
    const execute = tool.execute;
    if (execute === undefined) return tool;
    return {
      ...tool,
      execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
        if (!this.sentThisStep(name)) {
          this.recoveredCalls += 1;
          this.activate([name]);
          throw new ToolError(
            'invalid_input',
            `${name} was not loaded, so this call did not run. It is loaded now: call ${name} again with the same input.`,
            { notLoaded: name },
          );
        }
        if (this.usedAt.has(name)) this.usedAt.set(name, this.now());
        return execute(input, options);
      },
    } as Tool;
  }

  private moveToEnd(name: string): void {
    const tools = this.tools as Record<string, Tool>;
    const tool = tools[name];
    if (tool === undefined) return;
    delete tools[name];
    tools[name] = tool;
  }
}
