import type { CanActivate, Type } from '@nestjs/common';
import type { CallsPerUserOptions } from './calls-per-user';
import type { McpSessionOptions } from './mcp-sessions';
import type { CollaborationPagesOptions } from './collaboration';
import type { Kysely } from 'kysely';
import type { ChatMemoryOptions } from './chat-memory';
import type { DeferredToolsOptions } from './deferred';
import type { DatabaseDriver } from './database';
import type { CommentSignalOptions } from './comment-signal';
import type { RegistryLogger } from './registry';
import type { PageAccessPolicy } from './access';
import type { DocmostToolExecutors } from './tools/tool-definitions';
import type { PageWriter } from './page-store';
import type { HeavyWorkOptions } from './workers';
import type { TurnStatsOptions } from './stats/turn-stats-options';
import type { DocmostServicesOption } from './tools/resolve-executor-dependencies';

export const AI_TOOLS_OPTIONS = Symbol('AI_TOOLS_OPTIONS');

export interface AiToolsModuleOptions {
  /**
   * The host's Kysely over Docmost's schema, with `CamelCasePlugin` (Docmost's `KyselyDB`).
   * Give this or `databaseUrl`. Typed `Kysely<any>`: Kysely is invariant in its database type,
   * and Docmost's generated `DB` (more tables, its own column types) is not this package's `DB`.
   */
  readonly db?: Kysely<any>;
  /** A PostgreSQL URL for a pool the module opens itself and closes on shutdown. */
  readonly databaseUrl?: string;
  /**
   * The driver of the pool opened on `databaseUrl` (and of the comment signal's count pool):
   * `pg` (node-postgres) or `postgres-js` (postgres.js, as Docmost's server connects). Default
   * `pg`. Ignored with `db`, whose driver is the host's.
   */
  readonly databaseDriver?: DatabaseDriver;
  /**
   * Executors that replace the built-in ones by tool name, each typed from its tool's spec.
   * Content writes need none of these: `pageWriter` routes every tool's writes.
   */
  readonly executors?: DocmostToolExecutors;
  /**
   * Page-level permissions (who may see and edit restricted pages), applied by every tool and
   * by the comment signal. Default: Docmost's `page_access` / `page_permissions` rules in SQL.
   * Workspace isolation and space membership are checked regardless. With `services` bound by
   * `docmostServices`, the page a tool acts on is decided by Docmost's `PageAccessService`
   * instead; listings, search and subtree checks keep this policy's SQL.
   */
  readonly pageAccess?: PageAccessPolicy;
  /**
   * Where every content write of every tool goes: each change of an existing page's content or
   * title, as a compare-and-set on the version the tool read, and createPage's new page (moves
   * and deletions are not content writes). Default `databasePageWriter`: the compare-and-set
   * write of Docmost's tables with a `page_history` row and the agent's provenance. A Docmost
   * host binds its collaboration server's writer, so a page open in an editor is changed
   * through Yjs instead of under it. See `PageWriter` for the contract.
   */
  readonly pageWriter?: PageWriter;
  /**
   * Where comment, page tree and share writes go, and who decides page access, sharing and
   * commenting: in
   * Docmost, `docmostServices({ commentService, pageService, shareService, pageAccessService,
   * ... })`, so each write the agent makes is Docmost's own write by the same person (the
   * websocket events, watchers, notifications and page events happen as they do for a person).
   * Default (and for each port left out): the package's SQL on Docmost's tables, the rows
   * without Docmost's side effects. See `DocmostServices` and docs/docmost-binding.md.
   */
  readonly services?: DocmostServicesOption;
  /**
   * The host's collaboration server (Docmost: `{ server: collaborationGateway }`): every tool
   * then reads an open page's document as its editors have it, and writes to it as one more
   * collaborator, merged block by block into the live Yjs document (a block a human changed
   * since the agent's read makes the call fail with `conflict`; every other human change
   * survives). Pages not loaded there, titles and new pages go to `pageWriter`. Default none:
   * the database only. See `CollaborationPagesOptions`.
   */
  readonly collaboration?: CollaborationPagesOptions;
  /**
   * The host's authentication guard for the module's routes, as a class (created in the
   * module's scope: its dependencies must be global, as `Reflector` is; Docmost's
   * `JwtAuthGuard` needs nothing else) or an instance. Docmost applies its guard per controller
   * (`@UseGuards(JwtAuthGuard)`), not globally: bound here, the module's settings routes see
   * `request.user` as Docmost's own routes do; the public stash route is let through without
   * it. Default none: the host's global guard (the reference host's) already authenticated.
   */
  readonly authGuard?: Type<CanActivate> | CanActivate;
  /**
   * Apply the module's migrations at boot, in their own bookkeeping table `ai_tools_migration`,
   * next to whatever history the host keeps: after every global module's bootstrap (Docmost's
   * `DatabaseModule` migrates there) and before the server listens, under one lock for all
   * instances. `true` takes the defaults of `AiToolsMigrateOptions`.
   * Default false: run `migrateAiToolsModule(db)` yourself.
   */
  readonly migrate?: boolean | AiToolsMigrateOptions;
  /** Origin used in public share URLs; default `http://localhost:3000`. */
  readonly publicBaseUrl?: string;
  /** Refuse to boot when a tool has no executor instead of leaving it out. Default false. */
  readonly strict?: boolean;
  /**
   * The comment signal's options (debounce, limits), or `false` to turn the signal off.
   * Default: on, with a 20 s debounce.
   */
  readonly commentSignal?: false | Omit<CommentSignalOptions, 'db'>;
  /**
   * Deferred tools: where a loaded tool's definition reaches the model (`toolLoading`). `in-conversation`: the tools array never changes within a chat (each deferred tool a stub
   * of its name), `loadTools` answers with the full definitions, so a provider's prompt cache
   * keeps the whole chat across a load; `tool-list` (default) puts a loaded tool in the tools array, as
   * before (the model reads its schema there; every load re-processes the chat's history).
   */
  readonly deferredTools?: DeferredToolsOptions;
  /**
   * What a chat carries from one turn to the next (`ChatMemoryService`): bounds, or another
   * store. Default: the module's table, 12 deferred tools, 50 comment-signal pages.
   */
  readonly chatMemory?: ChatMemoryOptions;
  /**
   * Bounds of MCP sessions (`McpSessionsService`, kept in `ai_tools_mcp_sessions` so every
   * instance serves every session): per user, idle timeout, sweep. Default 20 per user, closed
   * after 30 minutes idle, swept every minute.
   */
  readonly mcpSessions?: McpSessionOptions;
  /**
   * Limits of the worker threads CPU-heavy tool work runs in (transform scripts, version diffs,
   * Markdown conversion and text edits on large pages): threads (the global limit), runs per
   * user, queue wait and deadlines. See `HeavyWorkOptions` for the defaults.
   */
  readonly heavyWork?: HeavyWorkOptions;
  /**
   * How many tool calls one user may run at once, on both surfaces together (the next ones wait
   * their turn, up to a count and a wait), or `false` for no limit: one client's burst then
   * holds a bounded share of the host's database pool, and other users' requests do not queue
   * behind it. Default 4 running, 32 running or waiting, 30 s of waiting. See
   * `CallsPerUserOptions`.
   */
  readonly callsPerUser?: false | CallsPerUserOptions;
  /**
   * Per-turn figures of the in-app chat (`AiChatTurnService` turns): a row per turn in the
   * module's table (counts and tool names, never content; kept 90 days), the admin route
   * `POST /api/ai-tools/stats`, and OpenTelemetry metrics; or `false` to record nothing.
   * Default: on. See `TurnStatsOptions`.
   */
  readonly stats?: false | TurnStatsOptions;
  /** Where the registry reports unbound tools; default Nest's logger. */
  readonly logger?: RegistryLogger;
  /**
   * The Docmost the module runs in, as its `apps/server/package.json` says (what Docmost's own
   * `VersionService` reports): logged at boot, with a warning when it is not one of
   * `CHECKED_DOCMOST_VERSIONS`, the versions the Docmost checks passed on. Absent: the boot
   * log says it was not given.
   */
  readonly docmostVersion?: string;
}

export interface AiToolsModuleAsyncOptions {
  readonly imports?: readonly any[];
  readonly inject?: readonly any[];
  readonly useFactory: (
    ...args: any[]
  ) => AiToolsModuleOptions | Promise<AiToolsModuleOptions>;
}

/** How the module migrates at boot (option `migrate`). */
export interface AiToolsMigrateOptions {
  /**
   * How long the boot waits for the Docmost columns the module's migrations build on (Docmost's
   * own migrations: at boot in production, by hand in development) before it fails.
   * Default 60_000 ms.
   */
  readonly waitForHostSchemaMs?: number;
  /**
   * What a failed run does: `'exit'` logs one line naming the migration and what it needs, then
   * ends the process with status 1 (Docmost's main logs a rejected boot and keeps a process that
   * never listens); `'throw'` logs the line and rejects the application's start. Default `'exit'`.
   */
  readonly onFailure?: 'exit' | 'throw';
}
