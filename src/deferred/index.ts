export {
  carriedToolsParameter,
  checkMaxCarriedTools,
  DEFAULT_MAX_CARRIED_TOOLS,
  mergeCarriedToolsSql,
  parseCarriedTools,
  selectCarriedTools,
  type CarriedTool,
} from './carried-tools';
export {
  composePrepareStep,
  type VisibleToolNames,
} from './compose-prepare-step';
export { DeferredToolsChatTurn } from './deferred-tools-chat-turn';
export {
  DeferredToolsService,
  type StartTurnOptions,
} from './deferred-tools.service';
export {
  DeferredToolsTurn,
  type DeferredToolsTurnOptions,
  type DeferredTurnFigures,
  type TurnExternalServer,
  type TurnTool,
} from './deferred-tools-turn';
export type {
  LoadToolsResult,
  RepairedToolCall,
  ToolLoadingTurn,
} from './load-tools-result';
export {
  createLoadToolsTool,
  type RepairedLoadToolsResult,
} from './load-tools-tool';
export { registryTurnTools } from './registry-turn-tools';
export {
  LOAD_TOOLS_INPUT_JSON_SCHEMA,
  LOAD_TOOLS_MAX_NAMES,
  LOAD_TOOLS_NAME,
  parseLoadToolsInput,
} from './load-tools-input';
export {
  buildToolCatalogBlock,
  externalServerCatalogLine,
  type CatalogExternalServer,
  type CatalogToolEntry,
  type ToolCatalogBlockInput,
} from './tool-catalog-block';
export {
  LOAD_TOOLS_DESCRIPTION,
  TOOL_CATALOG_CLOSE,
  TOOL_CATALOG_HEAD,
} from './verbatim-texts';
