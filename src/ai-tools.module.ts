import {
  Logger,
  Module,
  type CanActivate,
  type DynamicModule,
  type Provider,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Kysely } from 'kysely';
import {
  COLLABORATION_PAGES,
  CollaborationPagesLifecycle,
  DocmostVersionLog,
  HeavyWorkPoolLifecycle,
  OwnedDatabaseCloser,
} from './ai-tools-lifecycles';
import {
  AI_TOOLS_OPTIONS,
  type AiToolsModuleAsyncOptions,
  type AiToolsModuleOptions,
} from './ai-tools-module-options';
import { AI_TOOLS_AUTH_GUARD } from './caller';
import { createCallsPerUserLimit } from './calls-per-user';
import { CHAT_MEMORY_OPTIONS, ChatMemoryService } from './chat-memory';
import { AiChatTurnService } from './chat-turn';
import { CollaborationPages } from './collaboration';
import {
  COMMENT_SIGNAL_OPTIONS,
  CommentSignalInterceptor,
  type CommentSignalOptions,
} from './comment-signal';
import {
  createKysely,
  KYSELY,
  MODULE_MIGRATIONS_AT_BOOT,
  ModuleMigrationsAtBootModule,
  parseDatabaseDriver,
  resolveMigrationsAtBoot,
  type DB,
} from './database';
import { DEFERRED_TOOLS_OPTIONS, DeferredToolsService } from './deferred';
import { DOCMOST_SERVICES } from './docmost-services';
import { errorMessage, messageWithCause } from './ground';
import { MCP_SESSION_OPTIONS, McpSessionsService } from './mcp-sessions';
import {
  createToolRegistry,
  TOOL_REGISTRY,
  ToolRegistryService,
  type ToolRegistry,
} from './registry';
import { AiToolsSettingsModule } from './settings';
import { PageStashModule, PageStashService } from './stash';
import {
  TURN_STATS_OPTIONS,
  TurnStatsController,
  TurnStatsService,
} from './stats';
import {
  docmostExecutorsFor,
  resolveExecutorDependencies,
  TOOL_DEFINITIONS,
  type ToolExecutorDependencies,
  type ToolHeavyWorkPool,
} from './tools';
import { TOOL_HEAVY_TASKS } from './heavy-tasks';
import { HEAVY_WORK_POOL, HeavyWorkPool } from './workers';

function resolveDatabase(options: AiToolsModuleOptions): Kysely<DB> {
  if (options.db) return options.db;
  if (options.databaseUrl)
    return createKysely({
      connectionString: options.databaseUrl,
      driver: parseDatabaseDriver(options.databaseDriver, 'databaseDriver'),
    });
  throw new Error(
    'AiToolsModule needs `db` (the host Kysely instance) or `databaseUrl`',
  );
}

function collaborationPages(
  options: AiToolsModuleOptions,
): CollaborationPages | null {
  if (!options.collaboration) return null;
  const logger = options.logger ?? new Logger('AiTools');
  return new CollaborationPages({
    onError: (message, error) =>
      logger.warn(
        `${message}: ${error instanceof Error ? messageWithCause(error) : String(error)}`,
      ),
    ...options.collaboration,
  });
}

/** The executors' dependencies, resolved once: the registry's tools and the stash routes share them. */
const EXECUTOR_DEPENDENCIES = Symbol('EXECUTOR_DEPENDENCIES');

function executorDependencies(
  options: AiToolsModuleOptions,
  db: Kysely<DB>,
  heavyWork: ToolHeavyWorkPool,
  live: CollaborationPages | null,
): ToolExecutorDependencies {
  return resolveExecutorDependencies(db, {
    publicBaseUrl: options.publicBaseUrl,
    pageAccess: options.pageAccess,
    pageWriter: live ? live.pageWriter(options.pageWriter) : options.pageWriter,
    livePages: live ?? undefined,
    heavyWork,
    services: options.services,
  });
}

function buildRegistry(
  options: AiToolsModuleOptions,
  dependencies: ToolExecutorDependencies,
  signal: CommentSignalInterceptor,
  stats: TurnStatsService,
): ToolRegistry {
  const logger = options.logger ?? new Logger('AiTools');
  return createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: {
      ...docmostExecutorsFor(dependencies),
      ...options.executors,
    },
    // The per-user limit is outermost: a waiting call has run none of its queries yet, the
    // comment signal's included. The turn figures sit outside the signal, to see its lines.
    interceptors: [
      ...(options.callsPerUser === false
        ? []
        : [createCallsPerUserLimit(options.callsPerUser)]),
      ...(stats.enabled ? [stats.intercept] : []),
      ...(options.commentSignal === false ? [] : [signal.intercept]),
    ],
    strict: options.strict,
    logger,
  });
}

const MODULE_PROVIDERS: readonly Provider[] = [
  { provide: KYSELY, inject: [AI_TOOLS_OPTIONS], useFactory: resolveDatabase },
  {
    provide: COMMENT_SIGNAL_OPTIONS,
    inject: [AI_TOOLS_OPTIONS, KYSELY],
    useFactory: (
      options: AiToolsModuleOptions,
      db: Kysely<DB>,
    ): CommentSignalOptions => {
      const logger = new Logger('CommentSignal');
      return {
        onCheckFailed: (error: unknown) =>
          logger.warn(`comment check skipped: ${errorMessage(error)}`),
        // A module that opens its own pool knows the URL: the count gets its own one-round-trip pool too.
        ...(options.db === undefined && options.databaseUrl !== undefined
          ? {
              countConnection: {
                connectionString: options.databaseUrl,
                driver: parseDatabaseDriver(
                  options.databaseDriver,
                  'databaseDriver',
                ),
              },
            }
          : {}),
        ...(options.commentSignal || {}),
        ...(options.pageAccess
          ? { visiblePage: options.pageAccess.visiblePage }
          : {}),
        db,
      };
    },
  },
  CommentSignalInterceptor,
  {
    provide: HEAVY_WORK_POOL,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) =>
      new HeavyWorkPool(TOOL_HEAVY_TASKS, options.heavyWork),
  },
  HeavyWorkPoolLifecycle,
  DocmostVersionLog,
  {
    provide: MODULE_MIGRATIONS_AT_BOOT,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) =>
      resolveMigrationsAtBoot(options.migrate),
  },
  {
    provide: COLLABORATION_PAGES,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: collaborationPages,
  },
  CollaborationPagesLifecycle,
  {
    provide: EXECUTOR_DEPENDENCIES,
    inject: [AI_TOOLS_OPTIONS, KYSELY, HEAVY_WORK_POOL, COLLABORATION_PAGES],
    useFactory: executorDependencies,
  },
  {
    provide: TOOL_REGISTRY,
    inject: [
      AI_TOOLS_OPTIONS,
      EXECUTOR_DEPENDENCIES,
      CommentSignalInterceptor,
      TurnStatsService,
    ],
    useFactory: buildRegistry,
  },
  {
    provide: PageStashService,
    inject: [EXECUTOR_DEPENDENCIES],
    useFactory: (dependencies: ToolExecutorDependencies) =>
      dependencies.stashes,
  },
  {
    provide: DOCMOST_SERVICES,
    inject: [EXECUTOR_DEPENDENCIES],
    useFactory: (dependencies: ToolExecutorDependencies) =>
      dependencies.services,
  },
  ToolRegistryService,
  {
    provide: DEFERRED_TOOLS_OPTIONS,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) => options.deferredTools ?? {},
  },
  DeferredToolsService,
  {
    provide: CHAT_MEMORY_OPTIONS,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) => options.chatMemory ?? {},
  },
  ChatMemoryService,
  {
    provide: TURN_STATS_OPTIONS,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) => options.stats ?? {},
  },
  TurnStatsService,
  AiChatTurnService,
  {
    provide: MCP_SESSION_OPTIONS,
    inject: [AI_TOOLS_OPTIONS],
    useFactory: (options: AiToolsModuleOptions) => options.mcpSessions ?? {},
  },
  McpSessionsService,
  OwnedDatabaseCloser,
  {
    provide: AI_TOOLS_AUTH_GUARD,
    inject: [AI_TOOLS_OPTIONS, ModuleRef],
    useFactory: async (
      options: AiToolsModuleOptions,
      moduleRef: ModuleRef,
    ): Promise<CanActivate | null> =>
      options.authGuard === undefined
        ? null
        : typeof options.authGuard === 'function'
          ? moduleRef.create(options.authGuard)
          : options.authGuard,
  },
];

const MODULE_EXPORTS = [
  KYSELY,
  MODULE_MIGRATIONS_AT_BOOT,
  AI_TOOLS_AUTH_GUARD,
  TOOL_REGISTRY,
  HEAVY_WORK_POOL,
  ToolRegistryService,
  DeferredToolsService,
  CommentSignalInterceptor,
  CHAT_MEMORY_OPTIONS,
  ChatMemoryService,
  TurnStatsService,
  AiChatTurnService,
  McpSessionsService,
  PageStashService,
  DOCMOST_SERVICES,
  AiToolsSettingsModule,
  PageStashModule,
];

/**
 * Docmost's AI tools in one module: the tool registry both surfaces derive from
 * (`ToolRegistryService`, and the raw `TOOL_REGISTRY`), the deferred-tools service for the chat loop, the comment signal wrapped
 * around every executor, the `settings.ai.deferredTools` routes and the public download route
 * of `stashPage` links. Global, like Docmost's
 * database module, so the chat and MCP hosts inject these without re-importing it.
 */
@Module({})
export class AiToolsModule {
  static forRoot(options: AiToolsModuleOptions): DynamicModule {
    return {
      module: AiToolsModule,
      global: true,
      imports: [
        AiToolsSettingsModule,
        PageStashModule,
        ModuleMigrationsAtBootModule,
      ],
      controllers: [TurnStatsController],
      providers: [
        { provide: AI_TOOLS_OPTIONS, useValue: options },
        ...MODULE_PROVIDERS,
      ],
      exports: MODULE_EXPORTS,
    };
  }

  /** For hosts whose database and settings come from other providers (Docmost's `KyselyDB`, env service). */
  static forRootAsync(options: AiToolsModuleAsyncOptions): DynamicModule {
    return {
      module: AiToolsModule,
      global: true,
      imports: [
        ...(options.imports ?? []),
        AiToolsSettingsModule,
        PageStashModule,
        ModuleMigrationsAtBootModule,
      ],
      controllers: [TurnStatsController],
      providers: [
        {
          provide: AI_TOOLS_OPTIONS,
          inject: [...(options.inject ?? [])],
          useFactory: options.useFactory,
        },
        ...MODULE_PROVIDERS,
      ],
      exports: MODULE_EXPORTS,
    };
  }
}
