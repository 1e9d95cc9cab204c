/**
 * The public surface of docmost-ai-tools for a host such as Docmost's server. The reference
 * host (host/) and the demo, bench and eval (dev/) are not part of it, and the package never
 * imports them.
 */
export { AiToolsModule } from './ai-tools.module';
export {
  AI_TOOLS_OPTIONS,
  type AiToolsModuleOptions,
  type AiToolsModuleAsyncOptions,
} from './ai-tools-module-options';
export {
  createToolRegistry,
  toAiSdkToolSet,
  registerMcpTools,
  defineTool,
  ToolError,
  RegistryError,
  TOOL_REGISTRY,
  ToolRegistryService,
  InjectToolRegistry,
  type ToolRegistry,
  type ToolCallContext,
  type ToolSpec,
  type ToolExecutor,
  type ToolExecutorMap,
  type ToolInterceptor,
  type ToolOutcome,
  type RegistryLogger,
} from './registry';
export {
  TOOL_DEFINITIONS,
  type DocmostToolExecutors,
} from './tools/tool-definitions';
export {
  createDocmostExecutors,
  type DocmostExecutorOptions,
} from './tools/docmost-executors';
export {
  DOCMOST_PAGE_ACCESS,
  type PageAccessPolicy,
  type AccessCaller,
  type PagePermission,
  type PagePermissionCaller,
  type PageColumns,
  type PageVisibilityCondition,
} from './tools/access';
export {
  databasePageWriter,
  pageVersionConflict,
  type PageWriter,
  type PageUpdate,
  type PageChange,
  type PageVersion,
  type WrittenPage,
  type PageCreation,
  type NewPage,
  type CreatedPage,
  type LivePageReader,
  type LivePageContent,
} from './tools/page-store';
export {
  CollaborationPages,
  type CollaborationPagesOptions,
  type CollaborationServer,
  type CollaborationConnection,
} from './collaboration';
export {
  HEAVY_WORK_POOL,
  HeavyWorkPool,
  sharedHeavyWorkPool,
  type HeavyWorkOptions,
} from './workers';
export {
  DeferredToolsService,
  DeferredToolsChatTurn,
  DeferredToolsTurn,
  composePrepareStep,
  buildToolCatalogBlock,
  type StartTurnOptions,
  type TurnExternalServer,
  type CarriedTool,
} from './deferred';
export {
  CommentSignalInterceptor,
  createCommentSignalInterceptor,
  type CommentSignalOptions,
} from './comment-signal';
export {
  ChatMemoryService,
  ChatTurnMemory,
  CHAT_MEMORY_OPTIONS,
  type ChatMemoryOptions,
  type ChatMemoryStore,
} from './chat-memory';
export { AiToolsSettingsModule, AiToolsSettingsService } from './settings';
export {
  migrateAiToolsModule,
  revertAiToolsModule,
  PostgresJsPoolDialect,
  type DatabaseDriver,
} from './database';
export {
  AI_TOOLS_MIGRATIONS,
  AI_TOOLS_MIGRATION_TABLE,
} from '../migrations/module';
export type { DB } from './database';
