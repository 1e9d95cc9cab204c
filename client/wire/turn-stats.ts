/**
 * What the stats route (`POST /api/ai-tools/stats`) answers, as types only: the server
 * (src/stats) builds it and the browser entry (client/settings/turn-figures) reads it, both from
 * here. This module imports nothing and holds no code, so neither side loads the other.
 */

/** A share of turns, 0 to 1, rounded to 3 decimals; null when there are no turns. */
export type Share = number | null;

/** One model with deferred tools ON or OFF, over one window. */
export interface TurnStatsGroup {
  readonly modelId: string;
  readonly deferredTools: boolean;
  readonly turns: number;
  readonly steps: number;
  /** Estimated tokens of tool definitions per model call: sent, and had every tool been sent. */
  readonly toolTokensPerStep: {
    readonly sent: number;
    readonly allActive: number;
  };
  /** Turns that called `loadTools`. */
  readonly loadToolsTurnShare: Share;
  /** The tools loaded in most turns, with the number of turns that loaded each. */
  readonly topLoadedTools: readonly {
    readonly name: string;
    readonly turns: number;
  }[];
  /** Turns where `loadTools` refused a name as unknown, and the names refused. */
  readonly unknownNames: { readonly turnShare: Share; readonly total: number };
  /** Turns where a call of an unloaded tool was recovered, and the calls recovered. */
  readonly recoveredCalls: {
    readonly turnShare: Share;
    readonly total: number;
  };
  /** Turns that reached the final-step lockdown. */
  readonly stepLimitTurns: number;
  /** `[signal]` lines, and how many the agent followed by reading that page's comments. */
  readonly signals: {
    readonly lines: number;
    readonly followed: number;
    readonly followedShare: Share;
  };
  /** Turns that ended without an answer (failed, aborted, or no text). */
  readonly unansweredShare: Share;
  /** Turns that loaded no tool and ended without an answer. */
  readonly unansweredWithoutLoadsShare: Share;
  /** The provider's reported tokens, summed over the turns that reported them. */
  readonly providerTokens: { readonly input: number; readonly output: number };
  /**
   * Input tokens per turn as the provider reported them, over the turns whose provider reported
   * the cached part of their input (`turns`): `fresh`, processed and billed in full, and
   * `cached`, read from its prompt cache (billed at a fraction, or not re-processed). Both null
   * when no turn reported it (no usage passed, or a provider without cache figures).
   */
  readonly inputTokensPerTurn: {
    readonly turns: number;
    readonly fresh: number | null;
    readonly cached: number | null;
  };
}

/**
 * What `toolTokensPerStep.sent` is compared with: the host's own tool set, when the host gives
 * its size (`stats.hostToolSet`: what its chat sends without the package, per model request),
 * or else each group's `toolTokensPerStep.allActive` (every tool of the turn on every request).
 */
export type ToolTokensComparison =
  | {
      readonly against: 'hostToolSet';
      readonly name: string;
      readonly tokensPerRequest: number;
    }
  | { readonly against: 'allActive' };

/**
 * Per model, the cue to turn deferred tools off: its deferred turns that load nothing end
 * without an answer more often than its all-active turns end without one.
 */
export interface ModelCue {
  readonly modelId: string;
  readonly deferredUnansweredWithoutLoadsShare: Share;
  readonly allActiveUnansweredShare: Share;
  readonly deferredToolsStruggle: boolean;
}

export interface TurnStatsWindow {
  readonly days: number;
  readonly turns: number;
  readonly groups: readonly TurnStatsGroup[];
  readonly models: readonly ModelCue[];
}

export interface TurnStatsSummary {
  readonly comparison: ToolTokensComparison;
  readonly windows: readonly TurnStatsWindow[];
}
