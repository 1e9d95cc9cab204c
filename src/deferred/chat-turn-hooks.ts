/** How a turn ended, as the host tells `ChatTurn.end`. */
export type TurnStatus = 'completed' | 'aborted' | 'failed';

/** What the host tells at the turn's end. */
export interface TurnEnd {
  /** Default 'completed'. */
  readonly status?: TurnStatus;
  /** Whether the last step answered with text. Default: `status === 'completed'`. */
  readonly answered?: boolean;
  /** The provider's reported usage of the whole turn (`streamText`'s `totalUsage`). */
  readonly usage?: TurnUsage;
}

/**
 * The fields read of `ai` 6's `LanguageModelUsage` (the same in 6.0.134 and 6.0.326). Cached
 * input is `inputTokenDetails.cacheReadTokens`, or the deprecated `cachedInputTokens` both
 * releases still fill with the same number: `@ai-sdk/openai` and `@ai-sdk/openai-compatible`
 * read it from `usage.prompt_tokens_details.cached_tokens` (0 when the endpoint sends usage
 * without it); a provider that reports no cache leaves both undefined.
 */
export interface TurnUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly inputTokenDetails?: { readonly cacheReadTokens?: number };
  readonly cachedInputTokens?: number;
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
