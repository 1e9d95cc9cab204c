import type { AnyToolSpec } from '../../../registry/tool-spec';
import { CONTENT_TOOLS } from '../../definitions/content.tools';
import type { DependentToolExecutors } from '../executor-dependencies';
import { stashPage, type StashPageTool } from './stash/stash-page';
import {
  transformPage,
  type TransformPageTool,
} from './transform/transform-page';

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

/**
 * transformPage (the model's script runs in the QuickJS sandbox, the result is validated and
 * written through the page writer) and stashPage (snapshots go to `ai_tools_page_stashes`, which
 * `PageStashModule`'s public route serves from any server instance).
 */
export const CONTENT_EXECUTORS: DependentToolExecutors<
  readonly (TransformPageTool | StashPageTool)[]
> = {
  transformPage,
  stashPage,
};
