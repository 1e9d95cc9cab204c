import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { AiToolsApi } from '../../api/index.js';
import type { TurnStatsSummary } from '../../wire/turn-stats.js';

// The route's answer, typed once for the server and this client (client/wire/turn-stats.ts),
// under the names the client entry has always exported.
export type {
  ModelCue as TurnFiguresModelCue,
  Share as TurnFiguresShare,
  ToolTokensComparison as TurnFiguresComparison,
  TurnStatsGroup as TurnFiguresGroup,
  TurnStatsSummary as TurnFiguresSummary,
  TurnStatsWindow as TurnFiguresWindow,
} from '../../wire/turn-stats.js';

export const TURN_FIGURES_QUERY_KEY: QueryKey = ['docmost-ai-tools', 'stats'];

/** The workspace's turn figures, read by owners and admins only (`enabled: false` asks nothing). */
export function useTurnFigures(api: AiToolsApi, enabled: boolean) {
  return useQuery({
    queryKey: TURN_FIGURES_QUERY_KEY,
    enabled,
    networkMode: 'always',
    queryFn: () => api.post<TurnStatsSummary>('/ai-tools/stats'),
  });
}
