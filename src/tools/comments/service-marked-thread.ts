import type { JsonValue } from '../../database';
import type { ServiceCaller } from '../../docmost-services';
import type { AccessiblePage } from '../../access';
import { abbreviate } from '../../ground';
import { ToolError } from '../../registry/tool-error';
import type { LiveCommentSelection } from '../../page-store';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { ProseMirrorNode } from '../../document';

/** A thread whose mark the comment service set: its id, block and the page's version. */
export interface ServiceMarkedThread {
  readonly id: string;
  readonly blockId: string | null;
  readonly version: string | undefined;
}

/** The selection was on the page when it was read, and is not on the live page now. */
export function selectionGone(pageId: string, selection: string): ToolError {
  return new ToolError(
    'conflict',
    `selection "${abbreviate(selection, 120)}" is no longer in the text of page ${pageId}: the page changed since it was read; no comment was created: read the page again and anchor the comment to text it has now`,
    { pageId, selection },
  );
}

/** A viewer's selection whose highlight Docmost's mark walk cannot place exactly. */
export function selectionUnplaceable(
  pageId: string,
  selection: string,
): ToolError {
  return new ToolError(
    'invalid_input',
    `the highlight of selection "${abbreviate(selection, 120)}" cannot be set on page ${pageId}: for someone who may comment but not edit, Docmost's collaboration server sets the highlight, and it cannot reach the very end of a page that has images, mentions or line breaks before it; no comment was created: anchor the comment to text earlier on the page`,
    { pageId, selection },
  );
}

/**
 * A thread on a live page whose highlight only the comment service could set for a caller who
 * may comment but not edit, and it does not here (Docmost with `COLLAB_DISABLE_REDIS=true`,
 * whose collaboration events do nothing).
 */
export function highlightNeedsEditor(
  pageId: string,
  selection: string,
): ToolError {
  return new ToolError(
    'forbidden',
    `the highlight of selection "${abbreviate(selection, 120)}" cannot be set on page ${pageId}: you may comment but not edit there, so only the comment service could set it, and on this server it sets none (Docmost without collaboration Redis, COLLAB_DISABLE_REDIS=true); no comment was created: reply to an existing thread (parentCommentId) or ask someone who may edit the page`,
    { pageId, selection },
  );
}

/**
 * A new thread through a comment service that sets the anchor mark itself (Docmost's, from
 * `yjsSelection`, on the page's owner): the agent's own connection, read-only for a viewer,
 * writes nothing. Its replica then has to show the mark over exactly the selection; otherwise
 * the comment is removed again, so a page never lists a thread without its highlight.
 */
export async function createServiceMarkedThread(
  dependencies: ToolExecutorDependencies,
  request: {
    readonly caller: ServiceCaller;
    readonly page: AccessiblePage;
    readonly selection: string;
    /** The comment's body document. */
    readonly content: ProseMirrorNode;
    readonly located: LiveCommentSelection;
  },
): Promise<ServiceMarkedThread> {
  const { services } = dependencies;
  const { caller, page, selection, located } = request;
  try {
    const { id } = await services.comments.create({
      caller,
      pageId: page.id,
      content: request.content as unknown as JsonValue,
      selection,
      type: 'inline',
      parentCommentId: null,
      yjsSelection: located.yjsSelection,
    });
    const mark = await located.awaitMark(id);
    if (mark.outcome !== 'exact') {
      await services.comments.remove({ caller, commentId: id });
      throw new ToolError(
        'unavailable',
        mark.outcome === 'missing'
          ? `the comment service did not set the highlight of selection "${abbreviate(selection, 120)}" on page ${page.id} (the page may have changed at that moment); the comment was removed again, nothing was kept: try again`
          : `the comment service set the highlight of the new comment on page ${page.id} over other text than selection "${abbreviate(selection, 120)}" (the page changed at that moment); the comment was removed again: read the page and try again`,
        { pageId: page.id, selection, outcome: mark.outcome },
      );
    }
    return { id, blockId: located.blockId, version: mark.version };
  } finally {
    located.release();
  }
}
