export {
  TurnFigures,
  TURN_FIGURES_TEXTS,
  type TurnFiguresProps,
} from './turn-figures.js';
export {
  TURN_FIGURES_QUERY_KEY,
  useTurnFigures,
  type TurnFiguresComparison,
  type TurnFiguresGroup,
  type TurnFiguresModelCue,
  type TurnFiguresShare,
  type TurnFiguresSummary,
  type TurnFiguresWindow,
} from './use-turn-figures.js';
