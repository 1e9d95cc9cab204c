import type { Kysely } from 'kysely';
import type { DB } from '../database';
import { PageStashService, type PageStashOptions } from '../stash';
import type { ScriptSandboxOptions, ToolHeavyTasks } from '../heavy-tasks';
import { sharedHeavyWorkPool, type ToolHeavyWorkPool } from './heavy-work-pool';
import { DOCMOST_PAGE_ACCESS, type PageAccessPolicy } from '../access';
import {
  databasePageWriter,
  type LivePageReader,
  type PageWriter,
} from '../page-store';
import type { DocmostServices, PageAccess } from '../docmost-services';
import { databaseServices } from '../docmost-services';
import type { ToolExecutorDependencies } from './executor-dependencies';

/** Origin used in share and stash URLs when the host gives none. */
export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:3000';

/** exportPageMarkdown's default limit: about 25,000 tokens. */
export const DEFAULT_MAX_EXPORT_CHARS = 100_000;

/** importPageMarkdown's input limit (its schema's `markdown.max`). */
export const MAX_IMPORT_CHARS = 500_000;

/** What a host may set for the executors `createDocmostExecutors` builds; every field has a default. */
export interface DocmostExecutorOptions {
  /**
   * Origin of the Docmost web app, e.g. Docmost's `APP_URL`: public share URLs
   * (`<origin>/share/<key>/p/<slug>`) and stash URLs (`<origin>/api/ai-tools/stash/<key>`).
   * Default `http://localhost:3000`.
   */
  readonly publicBaseUrl?: string;
  /**
   * The worker pool CPU-heavy work runs in (transform scripts, version diffs, Markdown of large
   * pages, text edits on large pages); default the process-wide shared pool.
   */
  readonly heavyWork?: ToolHeavyWorkPool;
  /** transformPage's sandbox limits (time, memory, stack, sizes); see `ScriptSandboxOptions` for defaults. */
  readonly sandbox?: ScriptSandboxOptions;
  /** stashPage's limits (snapshot size, live stashes per user); see `PageStashOptions` for defaults. */
  readonly stash?: PageStashOptions;
  /**
   * Most characters of Markdown exportPageMarkdown returns; a larger page is refused with a
   * pointer to stashPage, so one call cannot flood the model's context. Default 100,000
   * (about 25,000 tokens); at most 500,000, what importPageMarkdown accepts, so any export can
   * be imported back.
   */
  readonly maxExportChars?: number;
  /** Page-level permissions every executor applies; default Docmost's `page_access` rules. */
  readonly pageAccess?: PageAccessPolicy;
  /**
   * Where every content write of every tool goes (see `PageWriter`). Default
   * `databasePageWriter`: a compare-and-set on Docmost's tables with a history row and the
   * agent's provenance. A Docmost host binds its collaboration server's writer, so a page open
   * in an editor is changed through Yjs instead of under it.
   */
  readonly pageWriter?: PageWriter;
  /**
   * Where tools read the document of a page that may be live in the host's collaboration
   * server (see `LivePageReader`). Default none: the database's `pages.content`. The module's
   * `collaboration` option sets it together with `pageWriter`.
   */
  readonly livePages?: LivePageReader;
  /**
   * Where comment, page tree and share writes go, and who decides page access, sharing and
   * commenting (see
   * `DocmostServices`): in Docmost, `docmostServices(...)` over its own services, so an agent's
   * write has the effects of the same person's write through Docmost's API. Each port left out
   * keeps the package's SQL on Docmost's tables (the rows, none of Docmost's side effects).
   */
  readonly services?: DocmostServicesOption;
}

/**
 * The `services` option: the ports to bind, or a function of the package's database binding
 * returning them, for a host whose services write their rows with it (the reference host's).
 */
export type DocmostServicesOption =
  | Partial<DocmostServices>
  | ((database: DocmostServices) => Partial<DocmostServices>);

function checkMaxExportChars(maxExportChars: number): number {
  if (
    !Number.isInteger(maxExportChars) ||
    maxExportChars < 1 ||
    maxExportChars > MAX_IMPORT_CHARS
  ) {
    throw new RangeError(
      `maxExportChars must be an integer from 1 to ${MAX_IMPORT_CHARS} (what importPageMarkdown accepts), got ${maxExportChars}`,
    );
  }
  return maxExportChars;
}

function bindServices(
  database: DocmostServices,
  option: DocmostServicesOption | undefined,
): DocmostServices {
  const bound = typeof option === 'function' ? option(database) : option;
  return { ...database, ...bound };
}

/**
 * The page-access policy the executors apply: the host's `pageAccess` option (by default
 * Docmost's rules in SQL), with the decision on each single page a tool acts on taken from the
 * host's bound `pageAccess` port when there is one (in Docmost, its `PageAccessService`).
 */
function withHostDecisions(
  policy: PageAccessPolicy | undefined,
  decisions: PageAccess | undefined,
): PageAccessPolicy | undefined {
  if (!decisions) return policy;
  return {
    ...(policy ?? DOCMOST_PAGE_ACCESS),
    pagePermission: (_db, caller, page) =>
      decisions.decide(
        { userId: caller.userId, workspaceId: caller.workspaceId },
        page,
      ),
  };
}

/** The executors' dependencies: the host's options, each missing one by its default. */
export function resolveExecutorDependencies(
  db: Kysely<DB>,
  options: DocmostExecutorOptions = {},
): ToolExecutorDependencies<ToolHeavyTasks> {
  const pageWriter = options.pageWriter ?? databasePageWriter;
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  const services = bindServices(
    databaseServices({
      db,
      pageWriter,
      livePages: options.livePages,
      heavyWork,
    }),
    options.services,
  );
  const pageAccess = withHostDecisions(options.pageAccess, services.pageAccess);
  return Object.freeze({
    db,
    pageWriter,
    livePages: options.livePages,
    heavyWork,
    services,
    pageAccess,
    publicBaseUrl: options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL,
    sandbox: options.sandbox ?? {},
    // The download route opens stashes under the same rules (the module provides this one).
    stashes: new PageStashService(
      db,
      {
        sharing: services.sharing,
        audit: services.audit,
        ...(pageAccess === undefined ? {} : { pageAccess }),
      },
      options.stash,
    ),
    maxExportChars: checkMaxExportChars(
      options.maxExportChars ?? DEFAULT_MAX_EXPORT_CHARS,
    ),
  });
}
