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
  type AiToolsMigrateOptions,
} from './ai-tools-module-options';
export {
  createToolRegistry,
  toAiSdkToolSet,
  registerMcpTools,
  defineTool,
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
export { TOOL_DEFINITIONS, type DocmostToolExecutors } from './tools';
export { createDocmostExecutors, type DocmostExecutorOptions } from './tools';
export {
  docmostServices,
  databaseServices,
  allowsViewerComments,
  requireSharingAllowed,
  type CommentAccess,
  type CommentCreation,
  type CommentWrites,
  type CreatedPageReference,
  type DocmostServices,
  type PageAccess,
  type PageAccessDecision,
  type PageWrites,
  type ServiceCaller,
  type ShareWrites,
  type SharingPolicy,
  type YjsRelativePosition,
  type YjsSelection,
  type DocmostAuditContext,
  type DocmostAuditEvent,
  type DocmostAuditPayload,
  type DocmostAuditServiceShape,
  type DocmostCommentRepoShape,
  type DocmostCommentServiceShape,
  type DocmostCommentShape,
  type DocmostPageAccessServiceShape,
  type DocmostPageRepoShape,
  type DocmostPageServiceShape,
  type DocmostPageShape,
  type DocmostProvenance,
  type DocmostServiceInstances,
  type DocmostShareRepoShape,
  type DocmostShareServiceShape,
  type DocmostUserRepoShape,
  type DocmostUserShape,
} from './docmost-services';
export type { DocmostServicesOption } from './tools';
export {
  DOCMOST_PAGE_ACCESS,
  requirePage,
  type AccessiblePage,
  type PageAccessPolicy,
  type AccessCaller,
  type PagePermission,
  type PagePermissionCaller,
  type PageColumns,
  type PageVisibilityCondition,
} from './access';
export {
  databasePageWriter,
  pageVersionConflict,
  AGENT_SOURCE,
  addPageHistoryRow,
  agentChatId,
  contributorIdsWith,
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
} from './page-store';
export { findUnstorableText, storableCopy } from './stored-document';
export {
  CollaborationPages,
  DOCUMENT_FRAGMENT,
  blockFingerprint,
  fillFragment,
  fragmentToDocument,
  liveDocumentVersion,
  liveStoredDocument,
  Y,
  type YDoc,
  type LiveStoredDocument,
  type CollaborationPagesOptions,
  type CollaborationServer,
  type CollaborationConnection,
  AGENT_ACTOR,
  collaborationClient,
  CollaborationUnconfirmedError,
  type AgentConnectionContext,
  type CollaborationClientOptions,
  type WebSocketConstructor,
} from './collaboration';
export {
  HEAVY_WORK_POOL,
  HeavyWorkPool,
  AdmissionGate,
  type AdmissionLimits,
  type HeavyWorkOptions,
  type ReleaseSlot,
  yieldToEventLoop,
} from './workers';
export {
  createCallsPerUserLimit,
  type CallsPerUserOptions,
  type CallsPerUserRedis,
} from './calls-per-user';
export {
  DeferredToolsService,
  ChatTurn,
  DeferredToolsTurn,
  type DeferredToolsChatTurn,
  type ChatTurnHooks,
  type ChatTurnOptions,
  type SentStep,
  composePrepareStep,
  type DeferredTurnFigures,
  buildToolCatalogBlock,
  type StartTurnOptions,
  type TurnExternalServer,
  type CarriedTool,
  type DeferredToolsOptions,
  DEFERRED_TOOLS_OPTIONS,
  type ToolLoading,
  TOOL_LOADINGS,
  checkToolLoading,
} from './deferred';
export {
  CommentSignalInterceptor,
  createCommentSignalInterceptor,
  sanitizePageTitle,
  type CommentSignalOptions,
} from './comment-signal';
export {
  ChatMemoryService,
  ChatTurnMemory,
  CHAT_MEMORY_OPTIONS,
  type ChatMemoryOptions,
  type ChatMemoryStore,
} from './chat-memory';
export {
  type AiChatTurn,
  AiChatTurnService,
  type BeginChatTurnOptions,
} from './chat-turn';
export {
  TurnStatsService,
  TURN_STATS_OPTIONS,
  TURN_METRIC_NAMES,
  METER_NAME,
  SUMMARY_WINDOWS,
  estimateTokens,
  type TurnStatsOptions,
  type HostToolSet,
  type TurnStatsRecord,
  type TurnStatus,
  type TurnEnd,
  type TurnUsage,
  type ToolTokensComparison,
  type TurnStatsSummary,
  type TurnStatsWindow,
  type TurnStatsGroup,
  type ModelCue,
  type Share,
} from './stats';
export {
  McpSessionsService,
  MCP_DISABLED_BODY,
  MCP_DISABLED_STATUS,
  MCP_SESSION_OPTIONS,
  MCP_SESSION_DEFAULTS,
  createDatabaseMcpSessionStore,
  type McpSessionContext,
  type McpSessionCaller,
  type McpSessionOptions,
  type McpSessionStore,
  type StoredMcpSession,
} from './mcp-sessions';
export {
  AiToolsSettingsModule,
  AiToolsSettingsService,
  describeReceived,
  parseRequestBody,
} from './settings';
export { IS_PUBLIC_KEY, PublicRoute } from './caller';
export {
  migrateAiToolsModule,
  revertAiToolsModule,
  ModuleMigrationError,
  type MigrateModuleOptions,
  createKysely,
  parseDatabaseDriver,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DatabaseUnavailableError,
  StartupError,
  KYSELY,
  InjectKysely,
  PostgresJsPoolDialect,
  type CreateKyselyOptions,
  type DatabaseDriver,
  type DatabaseTimeouts,
} from './database';
export {
  documentToMarkdown,
  exportDocumentMarkdown,
  markdownToDocument,
} from './document';
export {
  asDocument,
  type ProseMirrorMark,
  type ProseMirrorNode,
} from './document';
export { extractText } from './document';
export {
  editorSchemaDescription,
  type EditorSchemaDescription,
  type EditorNodeDescription,
  type EditorMarkDescription,
} from './document';
export { sharedHeavyWorkPool, type ToolHeavyWorkPool } from './tools';
export { TOOL_HEAVY_TASKS } from './heavy-tasks';
export { isUuid, messageWithCause, ToolError } from './ground';
export {
  AI_TOOLS_MIGRATIONS,
  AI_TOOLS_MIGRATION_TABLE,
} from '../migrations/module';
export type { DB, JsonValue, SpaceRole, UserRole } from './database';
