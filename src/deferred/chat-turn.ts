import {
  type PrepareStepFunction,
  type Tool,
  type ToolCallRepairFunction,
  type ToolSet,
} from 'ai';
import { abbreviate, ToolError } from '../ground';
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
import { reportingPrepareStep } from './compose-prepare-step';
import { createLoadToolsTool } from './load-tools-tool';
import type {
  LoadToolsResult,
  RepairedToolCall,
  ToolLoadingTurn,
} from './load-tools-result';
import { LOAD_TOOLS_NAME } from './load-tools-input';
import { turnCatalogBlock } from './tool-catalog-block';
import { withUndeclaredTools } from './undeclared-tools';
import { repairAsLoadTools } from './tool-call-repair';
import {
  DEFAULT_TOOL_LOADING,
  deferredToolStub,
  gatedTool,
  loadedToolDefinition,
  notLoadedError,
  notSentError,
  withDefinitions,
} from './tool-loading';

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
 * Deferred tools: the model activates them (in load order), or the chat's previous turn
 * carried them (`carriedTools`). `in-conversation` loading (`tool-loading.ts`): the tools array
 * is the same on every step and turn, each deferred tool a stub; `loadTools` answers with the
 * definitions and activating only lets calls run (`-without-stubs`: the step's model leaves the
 * stubs out of the provider's request, `undeclared-tools.ts`). `tool-list`: an activated tool
 * joins `activeTools`, its key moved to the end of `tools` (the SDK's order) so each step's
 * array is a prefix of the next.
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
   * A direct call of a deferred tool not loaded yet becomes a `loadTools` call for it (a real
   * result saying to call it again, not "unavailable tool"); anything else is the SDK's error.
   */
  readonly experimental_repairToolCall: ToolCallRepairFunction<ToolSet>;
  readonly #enabled: boolean;
  /** ON with `in-conversation` loading (with or without stubs): a tools array that never changes. */
  readonly #inConversation: boolean;
  /** Deferred names the provider's request leaves out (`in-conversation-without-stubs`). */
  readonly #undeclared: ReadonlySet<string>;
  /** The deferred tools as bound (full definitions), by name. */
  readonly #deferredTools = new Map<string, Tool>();
  readonly #catalogBlock: string;
  /** Deferred names in canonical order: registry tools, then external tools per server. */
  readonly #deferredToolNames: readonly string[];
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
    // Nothing to load: loadTools and the catalog would only cost tokens.
    this.#enabled = options.enabled && this.#deferredToolNames.length > 0;
    const toolLoading = options.toolLoading ?? DEFAULT_TOOL_LOADING;
    this.#inConversation = this.#enabled && toolLoading !== 'tool-list';
    this.#undeclared = new Set(
      this.#inConversation && toolLoading === 'in-conversation-without-stubs'
        ? this.#deferredToolNames
        : [],
    );
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
        (name) => this.#deferredTools.has(name),
        maxCarriedTools,
      )) {
        this.#activated.push(carried.name);
        this.#usedAt.set(carried.name, carried.usedAt);
        this.#moveToEnd(carried.name);
      }
    }
    this.#catalogBlock = this.#enabled
      ? turnCatalogBlock(registryDeferred, externalServers)
      : '';
    // What each step is sent is what its deferred tools may run with (see `#sentThisStep`).
    this.prepareStep = reportingPrepareStep(
      () => this.activeTools(),
      options.prepareStep,
      (step) => {
        this.#stepTools =
          step.activeTools === undefined
            ? undefined
            : new Set(step.activeTools);
        // The figures count what the provider received: without the left-out stubs.
        this.#hooks?.step?.(
          this.#undeclared.size === 0 || step.activeTools === undefined
            ? step
            : {
                ...step,
                activeTools: step.activeTools.filter(
                  (name) => !this.#undeclared.has(name),
                ),
              },
        );
      },
      (settings) => withUndeclaredTools(settings, this.#undeclared),
    );
    this.experimental_repairToolCall = repairAsLoadTools(
      (toolName) => this.#enabled && this.#deferredTools.has(toolName),
      (toolCallId, call) => {
        this.#recoveredCalls += 1;
        this.#repairedCalls.set(toolCallId, call);
      },
    );
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

  /**
   * The turn's tools with every deferred tool's full definition: what OFF would send. The same
   * as `tools` unless deferred tools travel as stubs (`in-conversation`), which the turn figures'
   * "all tools active" must not count.
   */
  fullTools(): ToolSet {
    if (!this.#inConversation) return this.tools;
    const tools: Record<string, Tool> = { ...this.tools };
    for (const [name, tool] of this.#deferredTools) tools[name] = tool;
    return tools;
  }

  /** The host's system prompt with the catalog appended; unchanged when there is no catalog, so OFF stays byte-identical. */
  systemWithCatalog(system: string): string {
    return this.#catalogBlock === ''
      ? system
      : `${system}\n\n${this.#catalogBlock}`;
  }

  /**
   * The next step's `activeTools`: core tools, `loadTools`, then the activated tools in load
   * order (`in-conversation`: every deferred stub, always). `undefined` when OFF: all active.
   */
  activeTools(): readonly string[] | undefined {
    if (!this.#enabled) return undefined;
    return [
      ...this.#coreToolNames,
      LOAD_TOOLS_NAME,
      ...(this.#inConversation ? this.#deferredToolNames : this.#activated),
    ];
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
      (name) => !this.#deferredTools.has(name) && !this.#isAlwaysActive(name),
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

  /**
   * With `in-conversation` loading, the result with the full definitions of the deferred tools
   * it names (loaded now or earlier): the model reads them at the end of the context. As it is
   * with `tool-list` loading, where the tools array carries them.
   */
  withDefinitions(result: LoadToolsResult): Promise<LoadToolsResult> {
    return this.#inConversation
      ? withDefinitions(result, this.#deferredTools)
      : Promise.resolve(result);
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
    const deferred: Array<[string, Tool]> = [
      ...boundTools
        .filter((tool) => tool.tier === 'deferred')
        .map((tool): [string, Tool] => [tool.name, tool.tool]),
      ...externalServers.flatMap((server) => Object.entries(server.tools)),
    ];
    for (const [name, tool] of deferred) {
      this.#deferredTools.set(name, tool);
      tools[name] = this.#inConversation
        ? deferredToolStub(name, tool, () => this.#admit(name))
        : gatedTool(tool, () => this.#admitSent(name));
    }
    return tools;
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
   * `tool-list`: a deferred tool's call runs only when its step was sent it. `ai` before
   * 6.0.231 (Docmost pins 6.0.134) runs calls of inactive tools too; there such a call is
   * refused and the tool loaded, as repair does on later releases.
   */
  #admitSent(name: string): void {
    if (!this.#sentThisStep(name)) {
      this.#recoveredCalls += 1;
      this.activate([name]);
      throw notSentError(name);
    }
    if (this.#usedAt.has(name)) this.#usedAt.set(name, this.#now());
  }

  /** `in-conversation`: a stub's call runs once its tool is loaded; else refused and loaded, with its definition. */
  async #admit(name: string): Promise<void> {
    if (this.#activated.includes(name)) {
      this.#usedAt.set(name, this.#now());
      return;
    }
    this.#recoveredCalls += 1;
    this.activate([name]);
    throw notLoadedError(
      await loadedToolDefinition(name, this.#deferredTools.get(name)!),
    );
  }

  /** `tool-list` loading only: the array keeps load order (`in-conversation` never changes it). */
  #moveToEnd(name: string): void {
    if (this.#inConversation) return;
    const tools = this.tools as Record<string, Tool>;
    const tool = tools[name];
    if (tool === undefined) return;
    delete tools[name];
    tools[name] = tool;
  }
}
