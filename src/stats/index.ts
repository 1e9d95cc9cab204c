export {
  estimateTokens,
  resolveTurnStatsOptions,
  TURN_STATS_OPTIONS,
  type HostToolSet,
  type ResolvedTurnStatsOptions,
  type TurnStatsOptions,
} from './turn-stats-options';
export type { TurnStatsRecord } from './turn-stats-record';
/** How a turn ended: the turn's own types (`src/deferred`), named here as before. */
export type { TurnEnd, TurnStatus, TurnUsage } from '../deferred';
export {
  TurnStatsService,
  type RecordedTurn,
  type StartRecordingOptions,
} from './turn-stats.service';
export { TurnStatsController } from './turn-stats.controller';
export { TURN_METRIC_NAMES, METER_NAME } from './turn-stats-metrics';
export { SUMMARY_WINDOWS } from './turn-stats-summary';
/** The route's answer, as the browser entry reads it: types only, shared through client/wire/. */
export type {
  ModelCue,
  Share,
  ToolTokensComparison,
  TurnStatsGroup,
  TurnStatsSummary,
  TurnStatsWindow,
} from '../../client/wire/turn-stats';
