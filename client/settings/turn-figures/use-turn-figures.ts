import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { AiToolsApi } from '../../api/index.js';

/** A share of turns, 0 to 1; null without turns. */
export type TurnFiguresShare = number | null;

/** One model with deferred tools on or off, as `POST /api/ai-tools/stats` answers it. */
export interface TurnFiguresGroup {
  readonly modelId: string;
  readonly deferredTools: boolean;
  readonly turns: number;
  readonly steps: number;
  readonly toolTokensPerStep: {
    readonly sent: number;
    readonly allActive: number;
  };
  readonly loadToolsTurnShare: TurnFiguresShare;
  readonly topLoadedTools: readonly {
    readonly name: string;
    readonly turns: number;
  }[];
  readonly unknownNames: {
    readonly turnShare: TurnFiguresShare;
    readonly total: number;
  };
  readonly recoveredCalls: {
    readonly turnShare: TurnFiguresShare;
    readonly total: number;
  };
  readonly stepLimitTurns: number;
  readonly signals: {
    readonly lines: number;
    readonly followed: number;
    readonly followedShare: TurnFiguresShare;
  };
  readonly unansweredShare: TurnFiguresShare;
  readonly unansweredWithoutLoadsShare: TurnFiguresShare;
  readonly providerTokens: { readonly input: number; readonly output: number };
  /**
   * Input tokens per turn as the provider reported them, over the turns that reported the
   * cached part (`turns`): fresh and cached; null when none did.
   */
  readonly inputTokensPerTurn: {
    readonly turns: number;
    readonly fresh: number | null;
    readonly cached: number | null;
  };
}

/**
 * What the tool tokens sent are compared with: the host's own tool set (its name and tokens per
 * request), or every tool of the turn on every request (each group's `allActive`).
 */
export type TurnFiguresComparison =
  | {
      readonly against: 'hostToolSet';
      readonly name: string;
      readonly tokensPerRequest: number;
    }
  | { readonly against: 'allActive' };

export interface TurnFiguresModelCue {
  readonly modelId: string;
  readonly deferredUnansweredWithoutLoadsShare: TurnFiguresShare;
  readonly allActiveUnansweredShare: TurnFiguresShare;
  readonly deferredToolsStruggle: boolean;
}

export interface TurnFiguresWindow {
  readonly days: number;
  readonly turns: number;
  readonly groups: readonly TurnFiguresGroup[];
  readonly models: readonly TurnFiguresModelCue[];
}

/** What `POST /api/ai-tools/stats` answers. */
export interface TurnFiguresSummary {
  readonly comparison: TurnFiguresComparison;
  readonly windows: readonly TurnFiguresWindow[];
}

export const TURN_FIGURES_QUERY_KEY: QueryKey = ['docmost-ai-tools', 'stats'];

/** The workspace's turn figures, read by owners and admins only (`enabled: false` asks nothing). */
export function useTurnFigures(api: AiToolsApi, enabled: boolean) {
  return useQuery({
    queryKey: TURN_FIGURES_QUERY_KEY,
    enabled,
    networkMode: 'always',
    queryFn: () => api.post<TurnFiguresSummary>('/ai-tools/stats'),
  });
}
