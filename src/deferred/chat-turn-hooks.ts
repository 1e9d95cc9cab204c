/** How a turn ended, as the host tells `ChatTurn.end`. */
export type TurnStatus = 'completed' | 'aborted' | 'failed';

/** What the host tells at the turn's end. */
export interface TurnEnd {
  /** Default 'completed'. */
  readonly status?: TurnStatus;
  /** Whether the last step answered with text. Default: `status === 'completed'`. */
  readonly answered?: boolean;
  /** The provider's reported usage of the whole turn (`streamText`'s `totalUsage`). */
  readonly usage?: {
    readonly inputTokens?: number;
    readonly outputTokens?: number;
  };
}

/** One step as the turn's `prepareStep` sent it. */
export interface SentStep {
  /** The tools the step was sent; `undefined`: every tool. */
  readonly activeTools: readonly string[] | undefined;
  /** The `activeTools` the host's own `prepareStep` answered, if any (its lockdown). */
  readonly hostActiveTools: readonly string[] | undefined;
  /** The step was sent `toolChoice: 'none'` (no tool may be called). */
  readonly lockedDown: boolean;
}

/**
 * What a turn does besides its tools, given by whoever starts it (`AiChatTurnService`: the
 * chat's memory and the turn's figures), so the turn itself knows neither.
 */
export interface ChatTurnHooks<Ended> {
  /** Sees each step as it is sent. */
  readonly step?: (step: SentStep) => void;
  /** Runs once, on the turn's first `end` call; what it resolves with is what `end` resolves with. */
  readonly end: (how: TurnEnd) => Promise<Ended>;
}
