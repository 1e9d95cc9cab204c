import type { ChatTurn } from './chat-turn';
export {
  checkMaxCarriedTools,
  DEFAULT_MAX_CARRIED_TOOLS,
  parseCarriedTools,
  selectCarriedTools,
  type CarriedTool,
} from './carried-tools';
export {
  composePrepareStep,
  type VisibleToolNames,
} from './compose-prepare-step';
export {
  ChatTurn,
  /** The one turn's earlier name, kept for hosts that construct it: the same class. */
  ChatTurn as DeferredToolsTurn,
} from './chat-turn';
export type {
  ChatTurnHooks,
  SentStep,
  TurnEnd,
  TurnStatus,
  TurnUsage,
} from './chat-turn-hooks';
export type {
  ChatTurnOptions,
  /** `ChatTurnOptions`' earlier name. */
  ChatTurnOptions as DeferredToolsTurnOptions,
  DeferredTurnFigures,
  TurnExternalServer,
  TurnTool,
} from './chat-turn-options';
/** What `DeferredToolsService.startTurn` returns without hooks (its earlier name): a `ChatTurn`. */
export type DeferredToolsChatTurn = ChatTurn;
export {
  DEFERRED_TOOLS_OPTIONS,
  DeferredToolsService,
  type DeferredToolsOptions,
  type StartTurnOptions,
} from './deferred-tools.service';
export {
  checkToolLoading,
  DEFAULT_TOOL_LOADING,
  TOOL_LOADINGS,
  type ToolLoading,
} from './tool-loading';
export type {
  LoadedToolDefinition,
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
