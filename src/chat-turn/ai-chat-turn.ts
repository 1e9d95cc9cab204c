import type { PrepareStepFunction, ToolCallRepairFunction, ToolSet } from 'ai';
import type { ChatTurnMemory } from '../chat-memory/chat-turn-memory';
import type { CarriedTool } from '../deferred/carried-tools';
import type { DeferredToolsChatTurn } from '../deferred/deferred-tools-chat-turn';
import type { DeferredTurnFigures } from '../deferred/deferred-tools-turn';
import type { TurnEnd } from '../stats/turn-recorder';
import type { TurnStatsRecord } from '../stats/turn-stats-record';
import type { RecordedTurn } from '../stats/turn-stats.service';

/**
 * One in-app chat turn, from `AiChatTurnService.begin`: what `streamText` needs (its own fields
 * are exactly `tools`, `prepareStep` and `experimental_repairToolCall`, so
 * `streamText({ model, system, messages, ...turn })` works), the catalog for the system prompt,
 * and `end`, which stores the chat's memory and records the turn's figures.
 */
export class AiChatTurn {
  readonly tools: ToolSet;
  readonly prepareStep: PrepareStepFunction<ToolSet>;
  readonly experimental_repairToolCall: ToolCallRepairFunction<ToolSet>;
  readonly #deferred: DeferredToolsChatTurn;
  readonly #memory: ChatTurnMemory;
  readonly #recorded: RecordedTurn | undefined;
  #ended: Promise<TurnStatsRecord | undefined> | undefined;

  constructor(
    deferred: DeferredToolsChatTurn,
    memory: ChatTurnMemory,
    recorded: RecordedTurn | undefined,
    /** What the host's own `prepareStep` answered for the step being prepared. */
    hostAnswer: () => { readonly activeTools?: readonly string[] } | undefined,
  ) {
    this.#deferred = deferred;
    this.#memory = memory;
    this.#recorded = recorded;
    this.tools = deferred.tools;
    this.experimental_repairToolCall = deferred.experimental_repairToolCall;
    this.prepareStep =
      recorded === undefined
        ? deferred.prepareStep
        : async (options) => {
            const settings = await deferred.prepareStep(options);
            recorded.step(
              settings?.activeTools,
              hostAnswer()?.activeTools,
              settings?.toolChoice === 'none',
            );
            return settings;
          };
  }

  /** The `<tool_catalog>` block; empty when deferred tools are OFF or nothing is deferred. */
  get catalogBlock(): string {
    return this.#deferred.catalogBlock;
  }

  /** Whether this turn defers tools (the workspace switch ON and something to defer). */
  get enabled(): boolean {
    return this.#deferred.enabled;
  }

  /** The host's system prompt with the catalog appended; unchanged when there is none. */
  systemWithCatalog(system: string): string {
    return this.#deferred.systemWithCatalog(system);
  }

  /** The tools visible on the next step; `undefined` when every tool is (deferred tools OFF). */
  activeTools(): readonly string[] | undefined {
    return this.#deferred.activeTools();
  }

  /** Deferred tools activated so far, in load order (carried ones first). */
  get activatedToolNames(): readonly string[] {
    return this.#deferred.activatedToolNames;
  }

  /** What the chat's next turn starts with (stored by `end`). */
  carriedTools(): CarriedTool[] {
    return this.#deferred.carriedTools();
  }

  /** What the turn's deferred tools did so far. */
  figures(): DeferredTurnFigures {
    return this.#deferred.figures();
  }

  /**
   * Call once when the turn ends, however it ends (completed, aborted, failed): stores the
   * chat's memory (awaited: the chat's next turn may start once this resolves), then queues the
   * turn's row and records its metrics (not awaited: written after the turn). Later calls return
   * the first call's promise. Never rejects; resolves with the turn's figures when recorded.
   */
  end(end: TurnEnd = {}): Promise<TurnStatsRecord | undefined> {
    this.#ended ??= this.#memory
      .end(this.#deferred)
      .then(() => this.#recorded?.finish(this.#deferred.figures(), end));
    return this.#ended;
  }
}
