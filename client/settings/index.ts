export {
  DeferredToolsSetting,
  DEFERRED_TOOLS_TEXTS,
  type DeferredToolsSettingProps,
} from './deferred-tools/index.js';
export {
  AI_TOOLS_SETTINGS_QUERY_KEY,
  useAiToolsSettings,
  useUpdateAiToolsSettings,
  type AiToolsSettings,
} from './use-ai-tools-settings.js';
export {
  TurnFigures,
  TURN_FIGURES_TEXTS,
  TURN_FIGURES_QUERY_KEY,
  useTurnFigures,
  type TurnFiguresProps,
  type TurnFiguresComparison,
  type TurnFiguresGroup,
  type TurnFiguresModelCue,
  type TurnFiguresShare,
  type TurnFiguresSummary,
  type TurnFiguresWindow,
} from './turn-figures/index.js';
