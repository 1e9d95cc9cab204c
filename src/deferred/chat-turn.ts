import {
  NoSuchToolError,
  type PrepareStepFunction,
  type Tool,
  type ToolCallRepairFunction,
  type ToolSet,
} from 'ai';
import { abbreviate } from '../ground';
import { ToolError } from '../registry/tool-error';
import {
  checkMaxCarriedTools,
  DEFAULT_MAX_CARRIED_TOOLS,
  selectCarriedTools,
  type CarriedTool,
} from './carried-tools';
import type { ChatTurnHooks, TurnEnd } from './chat-turn-hooks';
import type {
  ChatTurnOptions,
  DeferredTurnFigures,
  TurnTool,
} from './chat-turn-options';
import { composePrepareStep } from './compose-prepare-step';
import { withGuardedModel } from './inherited-tool-name-guard';
import { createLoadToolsTool } from './load-tools-tool';
import type {
  LoadToolsResult,
  RepairedToolCall,
  ToolLoadingTurn,
} from './load-tools-result';
import { LOAD_TOOLS_NAME } from './load-tools-input';
import { buildToolCatalogBlock } from './tool-catalog-block';

/**
 * One chat turn: what `streamText` needs, the turn's deferred tools, and its end. One instance
 * per `streamText` call, so concurrent turns of different users and chats never share state.
 * `DeferredToolsService.startTurn` and `AiChatTurnService.begin` both return one (the latter
 * with hooks that store the chat's memory and record the turn's figures).
 *
 * Its own fields are exactly the three `streamText` options it sets (`tools`, `prepareStep`,
 * `experimental_repairToolCall`), so `streamText({ model, system, messages, ...turn })` works;
 * everything else is on the prototype or private (`#`) and never spreads.
 *
 * Deferred tools: which deferred tools the model activated, in load order; a turn starts with
 * what the chat's previous turn carried (`carriedTools`), or cold. The SDK serialises tools in
 * the key order of `tools`, filtered by `activeTools`; to keep each step's tools array a
 * byte-prefix of the next (provider prompt caches survive an activation), an activated tool's
 * key is moved to the end of the object, so activated tools follow the core tools and
 * `loadTools` in load order.
 */
export class ChatTurn<Ended = undefined> implements ToolLoadingTurn {
  /** Every tool of the turn: bound tools, `loadTools` when deferred tools are ON, external tools. */
  readonly tools: ToolSet;
  /**
   * The host's `prepareStep` composed with the turn's tool visibility (see `composePrepareStep`),
   * the step's model behind the inherited-name guard (`inherited-tool-name-guard.ts`), ON or OFF.
   */
  readonly prepareStep: PrepareStepFunction<ToolSet>;
  /**
   * A direct call of a deferred tool that is not loaded yet (the most common failure of
   * deferred tools) becomes a `loadTools` call for that tool, so the model gets a real tool
   * result saying the tool is now loaded and to call it again, instead of "unavailable tool".
   * Anything else is left to the SDK's own error.
   */
  readonly experimental_repairToolCall: ToolCallRepairFunction<ToolSet>;
  readonly #enabled: boolean;
  readonly #catalogBlock: string;
  /** Deferred names in canonical order: registry tools, then external tools per server. */
  readonly #deferredToolNames: readonly string[];
  readonly #deferred: ReadonlySet<string>;
  readonly #coreToolNames: readonly string[];
  readonly #activated: string[] = [];
  /** Last load or call of each activated tool (epoch ms), for the carried tools' bound. */
  readonly #usedAt = new Map<string, number>();
  readonly #now: () => number;
  readonly #repairedCalls = new Map<string, RepairedToolCall>();
  /** The tools the current step was sent, as `prepareStep` set them; undefined before any step. */
  #stepTools: ReadonlySet<string> | undefined;
  #loadToolsCalls = 0;
  readonly #loadedToolNames: string[] = [];
  #unknownNamesRejected = 0;
  #recoveredCalls = 0;
  readonly #hooks: ChatTurnHooks<Ended> | undefined;
  #ended: Promise<Ended> | undefined;

  constructor(options: ChatTurnOptions<Ended>) {
    const externalServers = options.externalServers ?? [];
    const registryDeferred = options.boundTools.filter(
      (tool) => tool.tier === 'deferred',
    );
    this.#deferredToolNames = [
      ...registryDeferred.map((tool) => tool.name),
      ...externalServers.flatMap((server) => Object.keys(server.tools)),
    ];
    this.#deferred = new Set(this.#deferredToolNames);
    // Nothing to load: loadTools and the catalog would only cost tokens.
    this.#enabled = options.enabled && this.#deferredToolNames.length > 0;
    this.#coreToolNames = options.boundTools
      .filter((tool) => tool.tier === 'core')
      .map((tool) => tool.name);
    this.#now = options.now ?? Date.now;
    this.#hooks = options.hooks;
    const maxCarriedTools = checkMaxCarriedTools(
      options.maxCarriedTools ?? DEFAULT_MAX_CARRIED_TOOLS,
    );
    this.tools = this.#toolSet(options.boundTools, externalServers);
    if (this.#enabled) {
      for (const carried of selectCarriedTools(
        options.carriedTools ?? [],
        (name) => this.#deferred.has(name),
        maxCarriedTools,
      )) {
        this.#activated.push(carried.name);
        this.#usedAt.set(carried.name, carried.usedAt);
        this.#moveToEnd(carried.name);
      }
    }
    this.#catalogBlock = this.#enabled
      ? buildToolCatalogBlock({
          deferredTools: registryDeferred.map((tool) => ({
            name: tool.name,
            catalogLine: tool.catalogLine ?? '',
          })),
          externalServers: externalServers.map((server) => ({
            name: server.name,
            prefix: server.prefix,
            toolNames: Object.keys(server.tools),
          })),
        })
      : '';
    this.prepareStep = this.#composedPrepareStep(options.prepareStep);
    this.experimental_repairToolCall = (repair) => this.#repair(repair);
  }

  /** Whether this turn defers tools (the toggle is ON and something is deferred). */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** The `<tool_catalog>` block for the system prompt; empty when deferred tools are OFF or nothing is deferred. */
  get catalogBlock(): string {
    return this.#catalogBlock;
  }

  /** Deferred names in canonical order: registry tools, then external tools per server. */
  get deferredToolNames(): readonly string[] {
    return this.#deferredToolNames;
  }

  /** Deferred tools activated so far, in load order (carried ones first). */
  get activatedToolNames(): readonly string[] {
    return [...this.#activated];
  }

  /** The host's system prompt with the catalog appended; unchanged when there is no catalog, so OFF stays byte-identical. */
  systemWithCatalog(system: string): string {
    return this.#catalogBlock === ''
      ? system
      : `${system}\n\n${this.#catalogBlock}`;
  }

  /**
   * The `activeTools` of the next step: core tools in canonical order, `loadTools`, then the
   * activated tools in load order. `undefined` when deferred tools are OFF: every tool stays active.
   */
  activeTools(): readonly string[] | undefined {
    if (!this.#enabled) return undefined;
    return [...this.#coreToolNames, LOAD_TOOLS_NAME, ...this.#activated];
  }

  /**
   * What this turn hands to the chat's next turn: the activated tools in activation order,
   * carried ones included, with their last use. Empty when OFF, so a turn with the toggle OFF
   * leaves the stored set as it was. Pass it to `ChatTurnMemory.end(turn)`, or store it yourself.
   */
  carriedTools(): CarriedTool[] {
    return this.#activated.map((name) => ({
      name,
      usedAt: this.#usedAt.get(name) ?? this.#now(),
    }));
  }

  /** What the turn's deferred tools did so far: `loadTools` calls, tools loaded, unknown names, recovered calls. */
  figures(): DeferredTurnFigures {
    return {
      loadToolsCalls: this.#loadToolsCalls,
      loadedToolNames: [...this.#loadedToolNames],
      unknownNamesRejected: this.#unknownNamesRejected,
      recoveredCalls: this.#recoveredCalls,
    };
  }

  /**
   * Call once when the turn ends, however it ends (completed, aborted, failed): runs the
   * turn's end hook. From `AiChatTurnService.begin` that stores the chat's memory (awaited:
   * the chat's next turn may start once this resolves), then queues the turn's row and records
   * its metrics (not awaited), and resolves with the turn's figures when recorded; without
   * hooks it resolves `undefined`. Later calls return the first call's promise.
   */
  end(how: TurnEnd = {}): Promise<Ended> {
    const hooks = this.#hooks;
    this.#ended ??=
      hooks === undefined
        ? Promise.resolve(undefined as Ended)
        : Promise.resolve().then(() => hooks.end(how));
    return this.#ended;
  }

  /**
   * Activates deferred tools for the next step. All names are checked before any is activated,
   * so a call with one bad name changes nothing.
   */
  activate(names: readonly string[]): LoadToolsResult {
    const unknown = names.filter(
      (name) => !this.#deferred.has(name) && !this.#isAlwaysActive(name),
    );
    if (unknown.length > 0) {
      this.#unknownNamesRejected += unknown.length;
      throw new ToolError(
        'invalid_input',
        `Unknown tool name${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `"${abbreviate(name)}"`).join(', ')}. ` +
          `Valid names (exact, case-sensitive): ${this.#deferredToolNames.join(', ')}`,
        { unknown, validNames: this.#deferredToolNames },
      );
    }
    const loaded: string[] = [];
    const alreadyActive: string[] = [];
    for (const name of names) {
      if (this.#isAlwaysActive(name) || this.#activated.includes(name)) {
        if (this.#usedAt.has(name)) this.#usedAt.set(name, this.#now());
        alreadyActive.push(name);
        continue;
      }
      this.#activated.push(name);
      this.#usedAt.set(name, this.#now());
      this.#moveToEnd(name);
      loaded.push(name);
      this.#loadedToolNames.push(name);
    }
    return alreadyActive.length > 0 ? { loaded, alreadyActive } : { loaded };
  }

  /** Counts one `loadTools` call of the model's own (not one repair made for it). */
  countLoadToolsCall(): void {
    this.#loadToolsCalls += 1;
  }

  /** The direct call a `loadTools` call was repaired from, if any (read once). */
  takeRepairedCall(toolCallId: string): RepairedToolCall | undefined {
    const repaired = this.#repairedCalls.get(toolCallId);
    this.#repairedCalls.delete(toolCallId);
    return repaired;
  }

  #toolSet(
    boundTools: readonly TurnTool[],
    externalServers: NonNullable<ChatTurnOptions['externalServers']>,
  ): ToolSet {
    const tools: Record<string, Tool> = {};
    if (!this.#enabled) {
      for (const tool of boundTools) tools[tool.name] = tool.tool;
      for (const server of externalServers) Object.assign(tools, server.tools);
      return tools;
    }
    for (const tool of boundTools)
      if (tool.tier === 'core') tools[tool.name] = tool.tool;
    tools[LOAD_TOOLS_NAME] = createLoadToolsTool(this);
    for (const tool of boundTools)
      if (tool.tier === 'deferred')
        tools[tool.name] = this.#recordingUse(tool.name, tool.tool);
    for (const server of externalServers)
      for (const [name, tool] of Object.entries(server.tools))
        tools[name] = this.#recordingUse(name, tool);
    return tools;
  }

  /** What each step is sent is what its deferred tools may run with (see `#sentThisStep`). */
  #composedPrepareStep(
    hostPrepareStep: PrepareStepFunction<ToolSet> | undefined,
  ): PrepareStepFunction<ToolSet> {
    let hostActiveTools: readonly string[] | undefined;
    const composed = composePrepareStep(
      () => this.activeTools(),
      hostPrepareStep === undefined
        ? undefined
        : async (options) => {
            const answer = await hostPrepareStep(options);
            hostActiveTools = answer?.activeTools;
            return answer;
          },
    );
    return async (options) => {
      const settings = await composed(options);
      this.#stepTools =
        settings?.activeTools === undefined
          ? undefined
          : new Set(settings.activeTools);
      this.#hooks?.step?.({
        activeTools: settings?.activeTools,
        hostActiveTools,
        lockedDown: settings?.toolChoice === 'none',
      });
      return withGuardedModel(settings, options.model);
    };
  }

  async #repair({
    toolCall,
    error,
    tools,
  }: Parameters<ToolCallRepairFunction<ToolSet>>[0]): ReturnType<
    ToolCallRepairFunction<ToolSet>
  > {
    if (!this.#enabled || !NoSuchToolError.isInstance(error)) return null;
    if (!this.#deferred.has(toolCall.toolName) || !(LOAD_TOOLS_NAME in tools))
      return null;
    this.#recoveredCalls += 1;
    this.#repairedCalls.set(toolCall.toolCallId, {
      toolName: toolCall.toolName,
      input: toolCall.input,
    });
    return {
      ...toolCall,
      toolName: LOAD_TOOLS_NAME,
      input: JSON.stringify({ names: [toolCall.toolName] }),
    };
  }

  #isAlwaysActive(name: string): boolean {
    return name === LOAD_TOOLS_NAME || this.#coreToolNames.includes(name);
  }

  #sentThisStep(name: string): boolean {
    if (!this.#enabled) return true;
    // Before any prepareStep (a host that does not spread it): what is visible now.
    return (this.#stepTools ?? new Set(this.activeTools())).has(name);
  }

  /**
   * The same tool, its calls recorded as uses (the schema the provider sees is unchanged), and
   * run only when the step was sent it. AI SDK releases before 6.0.231 (Docmost pins 6.0.134)
   * execute a call of any tool in `tools`, active or not; there a direct call of a deferred tool
   * that is not loaded does not run: it is loaded, as the repair hook does on later releases,
   * and the model reads that it must call it again.
   */
  #recordingUse(name: string, tool: Tool): Tool {
    const execute = tool.execute;
    if (execute === undefined) return tool;
    return {
      ...tool,
      execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
        if (!this.#sentThisStep(name)) {
          this.#recoveredCalls += 1;
          this.activate([name]);
          throw new ToolError(
            'invalid_input',
            `${name} was not loaded, so this call did not run. It is loaded now: call ${name} again with the same input.`,
            { notLoaded: name },
          );
        }
        if (this.#usedAt.has(name)) this.#usedAt.set(name, this.#now());
        return execute(input, options);
      },
    } as Tool;
  }

  #moveToEnd(name: string): void {
    const tools = this.tools as Record<string, Tool>;
    const tool = tools[name];
    if (tool === undefined) return;
    delete tools[name];
    tools[name] = tool;
  }
}
