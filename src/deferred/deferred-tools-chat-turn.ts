import type {
  LanguageModel,
  PrepareStepFunction,
  PrepareStepResult,
  ToolCallRepairFunction,
  ToolSet,
} from 'ai';
import type { CarriedTool } from './carried-tools';
import { composePrepareStep } from './compose-prepare-step';
import type {
  DeferredToolsTurn,
  DeferredTurnFigures,
} from './deferred-tools-turn';
import { withInheritedToolNameGuard } from './inherited-tool-name-guard';

/**
 * The step's settings with its model (the host's choice for the step, or the turn's) behind the
 * inherited-name guard; the settings as they are when the model cannot be wrapped.
 */
function withGuardedModel(
  settings: PrepareStepResult<ToolSet> | undefined,
  stepModel: LanguageModel,
): PrepareStepResult<ToolSet> | undefined {
  const model = withInheritedToolNameGuard(settings?.model ?? stepModel);
  return model === undefined ? settings : { ...settings, model };
}

/**
 * What one chat turn hands to `streamText`, from `DeferredToolsService.startTurn`. Its own
 * fields are exactly the three `streamText` options it sets (`tools`, `prepareStep`,
 * `experimental_repairToolCall`), so `streamText({ model, system, messages, ...turn })` works;
 * everything else (the catalog for the system prompt, what to carry into the next turn) is on
 * the prototype or private and never spreads.
 */
export class DeferredToolsChatTurn {
  /** Every tool of the turn: bound tools, `loadTools` when deferred tools are ON, external tools. */
  readonly tools: ToolSet;
  /**
   * The host's `prepareStep` composed with the turn's tool visibility (see `composePrepareStep`),
   * the step's model behind the inherited-name guard (`inherited-tool-name-guard.ts`), ON or OFF.
   */
  readonly prepareStep: PrepareStepFunction<ToolSet>;
  /** Turns a direct call of a deferred tool that is not loaded yet into a `loadTools` call. */
  readonly experimental_repairToolCall: ToolCallRepairFunction<ToolSet>;
  readonly #turn: DeferredToolsTurn;

  constructor(
    turn: DeferredToolsTurn,
    hostPrepareStep?: PrepareStepFunction<ToolSet>,
  ) {
    this.#turn = turn;
    this.tools = turn.tools;
    const composed = composePrepareStep(
      () => turn.activeTools(),
      hostPrepareStep,
    );
    // What each step is sent is what its deferred tools may run with (see beginStep).
    this.prepareStep = async (options) => {
      const settings = await composed(options);
      turn.beginStep(settings?.activeTools);
      return withGuardedModel(settings, options.model);
    };
    this.experimental_repairToolCall = turn.repairToolCall;
  }

  /** The `<tool_catalog>` block for the system prompt; empty when deferred tools are OFF or nothing is deferred. */
  get catalogBlock(): string {
    return this.#turn.catalogBlock;
  }

  /** Whether this turn defers tools (the toggle is ON and something is deferred). */
  get enabled(): boolean {
    return this.#turn.enabled;
  }

  /** The host's system prompt with the catalog appended; unchanged when there is no catalog, so OFF stays byte-identical. */
  systemWithCatalog(system: string): string {
    const catalog = this.catalogBlock;
    return catalog === '' ? system : `${system}\n\n${catalog}`;
  }

  /** The tools visible on the next step, as the composed `prepareStep` sets them; `undefined` when OFF. */
  activeTools(): readonly string[] | undefined {
    return this.#turn.activeTools();
  }

  /** Deferred tools activated so far, in load order (carried ones first). */
  get activatedToolNames(): readonly string[] {
    return this.#turn.activatedToolNames;
  }

  /** What the turn's deferred tools did so far: `loadTools` calls, tools loaded, unknown names, recovered calls. */
  figures(): DeferredTurnFigures {
    return this.#turn.figures();
  }

  /** What the chat's next turn starts with: pass it to `ChatTurnMemory.end(turn)`, or store it yourself. */
  carriedTools(): CarriedTool[] {
    return this.#turn.carriedTools();
  }
}
