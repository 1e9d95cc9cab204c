import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { AnyToolSpec, ToolExecutorMap } from '../../../registry/tool-spec';
import { PageStashRepository, PageStashService } from '../../../stash';
import { sharedHeavyWorkPool } from '../../../workers';
import { CONTENT_TOOLS } from '../../definitions/content.tools';
import { DEFAULT_PUBLIC_BASE_URL } from '../deferred/deferred-executor-options';
import type { ContentExecutorOptions } from './content-executor-options';
import { stashPage, type StashPageTool } from './stash/stash-page';
import {
  transformPage,
  type TransformPageTool,
} from './transform/transform-page';

export type { ContentExecutorOptions } from './content-executor-options';
export type { StashPageResult, StashPageTool } from './stash/stash-page';
export type {
  TransformPagePreview,
  TransformPageResult,
  TransformPageTool,
  TransformPageWrite,
} from './transform/transform-page';
export type { BlockChanges } from './transform/block-changes';

function isTransformOrStash(
  spec: AnyToolSpec,
): spec is TransformPageTool | StashPageTool {
  return spec.name === 'transformPage' || spec.name === 'stashPage';
}

/** The two specs these executors bind, for a registry over them alone (tests). */
export const CONTENT_EXECUTOR_SPECS: readonly (
  TransformPageTool | StashPageTool
)[] = CONTENT_TOOLS.filter(isTransformOrStash);

export type TransformExecutors = Required<
  ToolExecutorMap<readonly [TransformPageTool]>
>;
export type StashExecutors = Required<
  ToolExecutorMap<readonly [StashPageTool]>
>;

/**
 * transformPage over Docmost's schema: the model's script runs in the QuickJS sandbox, the
 * result is validated and written with a compare-and-set and a history row (like updatePageJson).
 * On a live Docmost, a host binds its own collaboration-server write instead (README).
 */
export function createTransformExecutors(
  db: Kysely<DB>,
  options: ContentExecutorOptions = {},
): TransformExecutors {
  const sandbox = options.sandbox ?? {};
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  return {
    transformPage: (input, context) =>
      transformPage(db, input, context, sandbox, heavyWork),
  };
}

/**
 * stashPage over Docmost's schema: snapshots go to `ai_tools_page_stashes` (the `module`
 * migration set), which `PageStashModule`'s public route serves from any server instance.
 */
export function createStashExecutors(
  db: Kysely<DB>,
  options: ContentExecutorOptions = {},
): StashExecutors {
  const publicBaseUrl = options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL;
  const stashes = new PageStashService(
    new PageStashRepository(db),
    options.stash,
  );
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  return {
    stashPage: (input, context) =>
      stashPage(db, stashes, input, context, publicBaseUrl, heavyWork),
  };
}

/** Both: what the host spreads into its executor map. */
export function createContentExecutors(
  db: Kysely<DB>,
  options: ContentExecutorOptions = {},
): TransformExecutors & StashExecutors {
  return {
    ...createTransformExecutors(db, options),
    ...createStashExecutors(db, options),
  };
}
