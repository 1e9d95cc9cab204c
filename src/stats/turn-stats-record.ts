import type { TurnStatus } from '../deferred';

/**
 * One chat turn's figures: one row of `ai_tools_turn_stats`. Ids, counts and tool names only;
 * no prompt, page text, comment text or tool input ever reaches it.
 */
export interface TurnStatsRecord {
  readonly workspaceId: string;
  /** The chat; null when it is not a uuid. */
  readonly chatId: string | null;
  readonly endedAt: Date;
  /** The model id the host passed (at most 200 characters). */
  readonly modelId: string;
  /** Whether the turn deferred tools (the workspace switch ON and something to defer). */
  readonly deferredTools: boolean;
  readonly status: TurnStatus;
  /** Whether the turn's last step answered with text. */
  readonly answered: boolean;
  /** Model calls of the turn. */
  readonly steps: number;
  /** Estimated tokens of the tool definitions sent, summed over the steps. */
  readonly toolTokensSent: number;
  /** The same had every tool been sent on every step (what the switch OFF sends). */
  readonly toolTokensAllActive: number;
  readonly loadToolsCalls: number;
  readonly loadedTools: readonly string[];
  readonly unknownNames: number;
  readonly recoveredCalls: number;
  /** Whether the final-step lockdown (`toolChoice: 'none'`) was reached. */
  readonly reachedStepLimit: boolean;
  /** The provider's reported usage, when the host passed it. */
  readonly inputTokens: number | null;
  /**
   * Of the input, the tokens the provider reported reading from its prompt cache (billed at a
   * fraction, or not re-processed); null when it reported none.
   */
  readonly cachedInputTokens: number | null;
  readonly outputTokens: number | null;
  /** `[signal]` lines the turn's tool results carried (one per page). */
  readonly signalLines: number;
  /** Of those, the ones whose page's comments the agent read later in the turn. */
  readonly signalsFollowed: number;
}
