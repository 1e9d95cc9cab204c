import type { ToolInvocation, ToolOutcome } from '../registry/tool-interceptor';
import { isUuid, withTimeout } from '../ground';
import { CommentCheckTimeoutError } from './comment-check-timeout-error';
import type { ResolvedCommentSignalOptions } from './comment-signal-options';
import type { CommentSignalSession } from './session';
import {
  asCheckedRange,
  findResultPageReferences,
  isCompleteListing,
  pageIdsInInput,
  type ResultPageReferences,
} from './tool-results';

const NO_REFERENCES: ResultPageReferences = {
  pageIds: [],
  commentMarks: new Map(),
};

/**
 * The observing half of a call (the checking half is `checkNews`): what the call's input and
 * result tell the session, as its tool's spec declares them. The pages they name join the
 * working set (unless the spec says its results name none, `namesNoPage`), comments the call
 * read move their pages' watermarks (`readsComments`), and comment marks seen for the first
 * time force a check.
 */
export async function observeCall(
  session: CommentSignalSession,
  invocation: ToolInvocation,
  outcome: ToolOutcome,
  startedAt: number,
  options: ResolvedCommentSignalOptions,
): Promise<void> {
  const { spec, context, input } = invocation;
  const inputPageIds = pageIdsInInput(input);
  const references = !spec.namesNoPage
    ? findResultPageReferences(
        outcome.output,
        inputPageIds.length === 1 ? inputPageIds[0] : undefined,
        { maxPageIds: options.maxResultPages },
      )
    : NO_REFERENCES;
  const touched = [...inputPageIds];
  if (references.pageIds.length <= options.maxResultPages)
    touched.push(...references.pageIds);
  if (isUuid(context.currentPageId)) touched.push(context.currentPageId);
  session.touch(touched, options.clock.now());

  if (spec.readsComments === 'since')
    await coverCheckedRange(
      session,
      invocation,
      outcome.output,
      startedAt,
      options,
    );
  if (
    spec.readsComments === 'page' &&
    isCompleteListing(outcome.output, input)
  ) {
    session.coverPages(
      inputPageIds.length > 0 ? inputPageIds : references.pageIds,
      startedAt,
    );
  }
  for (const [pageId, commentIds] of references.commentMarks)
    session.scanMarks(pageId, commentIds);
}

/**
 * A complete result of a `since` reading (checkNewComments') read every comment after its `since` on the pages it
 * covered: the one page it was scoped to, or the working-set pages of its space. A truncated
 * result covered nothing for sure, so nothing advances.
 */
async function coverCheckedRange(
  session: CommentSignalSession,
  invocation: ToolInvocation,
  output: unknown,
  startedAt: number,
  options: ResolvedCommentSignalOptions,
): Promise<void> {
  const range = asCheckedRange(output);
  if (range === undefined || range.truncated) return;
  const { context, input } = invocation;
  const scopedPageId = (input as { pageId?: unknown } | null)?.pageId;
  let covered: readonly string[];
  if (scopedPageId !== undefined) {
    // A slug id cannot be matched with the working set's uuids: nothing advances.
    covered =
      typeof scopedPageId === 'string' && isUuid(scopedPageId)
        ? [scopedPageId]
        : [];
  } else {
    const source = options.sources[context.surface];
    const workingSet = session.pageIds();
    if (
      source.pagesInSpace === undefined ||
      workingSet.length === 0 ||
      !isUuid(range.spaceId)
    )
      return;
    covered = await withTimeout(
      source.pagesInSpace({
        workspaceId: context.workspaceId,
        spaceId: range.spaceId,
        pageIds: workingSet,
      }),
      options.timeoutMs,
      () => new CommentCheckTimeoutError(options.timeoutMs),
    );
  }
  session.coverRange(covered, Date.parse(range.since), startedAt, {
    local: options.clock.now(),
    wall: Date.now(),
  });
}
