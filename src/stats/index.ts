export {
  estimateTokens,
  resolveTurnStatsOptions,
  TURN_STATS_OPTIONS,
  type HostToolSet,
  type ResolvedTurnStatsOptions,
  type TurnStatsOptions,
} from './turn-stats-options';
export type { TurnStatsRecord, TurnStatus } from './turn-stats-record';
export type { TurnEnd, TurnUsage } from './turn-recorder';
export {
  TurnStatsService,
  type RecordedTurn,
  type StartRecordingOptions,
} from './turn-stats.service';
export { TurnStatsController } from './turn-stats.controller';
export { TURN_METRIC_NAMES, METER_NAME } from './turn-stats-metrics';
export {
  SUMMARY_WINDOWS,
  type ModelCue,
  type Share,
  type ToolTokensComparison,
  type TurnStatsGroup,
  type TurnStatsSummary,
  type TurnStatsWindow,
} from './turn-stats-summary';
