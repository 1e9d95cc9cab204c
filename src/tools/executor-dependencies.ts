import { type StoredDocumentHeavyTasks } from '../stored-document';
import type { Kysely } from 'kysely';
import type { DB } from '../database';
import type { ToolCallContext } from '../registry';
import type { AnyToolSpec, ToolInput } from '../registry';
import type { HeavyTaskTable, HeavyWorkPool } from '../workers';
import type { PageStashService } from '../stash';
import type { LivePageReader, PageWriter } from '../page-store';
import type { ScriptSandboxOptions } from '../heavy-tasks';
import type { DocmostServices } from '../docmost-services';
import type { PageAccessPolicy } from '../access';

/** The heavy tasks of an executor that hands the pool none of its own (the page store's aside). */
export type NoHeavyTasks = Record<never, never>;

/**
 * Everything an executor uses besides its input and its caller, resolved once with defaults:
 * every executor is `(dependencies, input, context)`, so none has a call shape of its own.
 */
export interface ToolExecutorDependencies<
  Tasks extends HeavyTaskTable = NoHeavyTasks,
> {
  /** Docmost's database, with `CamelCasePlugin`. */
  readonly db: Kysely<DB>;
  /** Every content write of every tool goes through it. */
  readonly pageWriter: PageWriter;
  /** Where a live page's document is read; undefined: the database only. */
  readonly livePages: LivePageReader | undefined;
  /**
   * The worker pool: it runs the page store's heavy tasks and `Tasks`, the ones the executor
   * hands it (the tools' pool runs every tool's, `HEAVY_TASKS`).
   */
  readonly heavyWork: HeavyWorkPool<Tasks & StoredDocumentHeavyTasks>;
  /** Origin of share and stash URLs, without a trailing path. */
  readonly publicBaseUrl: string;
  readonly sandbox: ScriptSandboxOptions;
  /** stashPage's store, with the host's limits. */
  readonly stashes: PageStashService;
  readonly maxExportChars: number;
  /** Comment, page tree and share writes; sharing and comment decisions. */
  readonly services: DocmostServices;
  /**
   * The page-access policy every executor applies: the `pageAccess` option, its decision on a
   * single page taken from the bound `pageAccess` port when there is one. Undefined: neither
   * is set, Docmost's rules in SQL apply.
   */
  readonly pageAccess: PageAccessPolicy | undefined;
}

/** One tool's executor before its dependencies are bound. */
export type DependentToolExecutor<
  Spec extends AnyToolSpec,
  Tasks extends HeavyTaskTable = NoHeavyTasks,
> = (
  dependencies: ToolExecutorDependencies<Tasks>,
  input: ToolInput<Spec>,
  context: ToolCallContext,
) => Promise<unknown>;

/** Every tool of `Specs` with its executor, keyed by tool name. */
export type DependentToolExecutors<
  Specs extends readonly AnyToolSpec[],
  Tasks extends HeavyTaskTable = NoHeavyTasks,
> = {
  readonly [Spec in Specs[number] as Spec['name']]: DependentToolExecutor<
    Spec,
    Tasks
  >;
};
