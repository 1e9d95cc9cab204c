import { refuseUnstorableText } from '../../stored-document';
import type { JsonValue } from '../../database';
import type { ServiceCaller } from '../../docmost-services';
import type { ToolCallContext } from '../../registry';
import { abbreviate, ToolError } from '../../ground';
import type { ToolInput } from '../../registry';
import { type AccessiblePage } from '../../access';
import { isUuid } from '../../ground';
import type { createCommentTool } from './comments.tools';
import { readPage } from '../../page-store';
import { serviceCaller } from '../../docmost-services';
import { asDocument, documentSize, type ProseMirrorNode } from '../../document';
import { runBlockEdit } from '../block-edits';
import { commentBodyDocument } from './comment-body';
import { commentMentions } from './comment-mentions';
import { commentRefusal } from './comment-refusal';
import {
  createServiceMarkedThread,
  highlightNeedsEditor,
  selectionGone,
  selectionUnplaceable,
} from './service-marked-thread';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEditHeavyTasks } from '../../heavy-tasks';

type CreateCommentInput = ToolInput<typeof createCommentTool>;

/** The comment id of the anchor's dry run: never a real comment's. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface CreatedComment {
  readonly id: string;
  readonly pageId: string;
  readonly kind: 'thread' | 'reply';
  readonly parentCommentId: string | null;
  /** New threads: the anchored text and the block holding it. */
  readonly selection: string | null;
  readonly anchorBlockId: string | null;
  /** New threads: the page's version after the anchor mark was added. */
  readonly pageVersion?: string;
}

/**
 * The page a comment goes on, for a caller Docmost lets comment there: whoever may edit it, and
 * a viewer where the space allows viewer comments (the decision is the bound `commentAccess`).
 */
async function requireCommentablePage(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  context: ToolCallContext,
  caller: ServiceCaller,
  pageId: string,
): Promise<AccessiblePage> {
  const page = await readPage(dependencies, context, pageId, {
    largeDocumentAsText: true,
  });
  if (await dependencies.services.commentAccess.canComment(caller, page.id))
    return page;
  throw commentRefusal(page, pageId, 'Nothing was written.');
}

async function createReply(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: CreateCommentInput & { parentCommentId: string },
  context: ToolCallContext,
  caller: ServiceCaller,
  body: ProseMirrorNode,
): Promise<CreatedComment> {
  const { db } = dependencies;
  const page = await requireCommentablePage(
    dependencies,
    context,
    caller,
    input.pageId,
  );
  const parent = isUuid(input.parentCommentId)
    ? await db
        .selectFrom('comments')
        .select(['id', 'parentCommentId'])
        .where('id', '=', input.parentCommentId)
        .where('pageId', '=', page.id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!parent) {
    throw new ToolError(
      'not_found',
      `comment ${abbreviate(input.parentCommentId)} is not a comment on page ${abbreviate(input.pageId)}; listComments shows the page's threads and their ids`,
    );
  }
  if (parent.parentCommentId !== null) {
    throw new ToolError(
      'invalid_input',
      `comment ${parent.id} is itself a reply; replies go to the thread: use parentCommentId ${parent.parentCommentId}`,
      { threadId: parent.parentCommentId },
    );
  }
  const { id } = await dependencies.services.comments.create({
    caller,
    pageId: page.id,
    content: body as unknown as JsonValue,
    selection: null,
    // A reply is a 'page' comment, the type Docmost stores when none is given.
    type: 'page',
    parentCommentId: parent.id,
  });
  return {
    id,
    pageId: page.id,
    kind: 'reply',
    parentCommentId: parent.id,
    selection: null,
    anchorBlockId: null,
  };
}

/**
 * A new thread: the selection is checked on the page first (so a selection that is not there
 * creates nothing, and tells nobody), then the comment is created through the bound service
 * (which tells the page's room and the watchers). Where that service sets the anchor mark
 * itself (Docmost's, from Yjs positions of the selection on the live page) the package writes
 * none; otherwise it sets the mark with the comment's id through the page writer. Should the
 * page change in between so that the mark is not set over the selection, the comment is
 * removed again: a page never shows a thread without its highlight.
 */
async function createThread(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: CreateCommentInput & { selection: string },
  context: ToolCallContext,
  caller: ServiceCaller,
  body: ProseMirrorNode,
): Promise<CreatedComment> {
  const { heavyWork, services } = dependencies;
  const page = await requireCommentablePage(
    dependencies,
    context,
    caller,
    input.pageId,
  );
  const document = page.documentText ?? asDocument(page.content);
  // The anchor as a dry run, in a worker for a large page: refuses a selection not on the page.
  await heavyWork.runSized(
    'applyBlockEdit',
    {
      document,
      edit: {
        kind: 'commentAnchor',
        pageId: page.id,
        selection: input.selection,
        commentId: NIL_UUID,
      },
      storedForm: { blockFingerprints: false },
    },
    documentSize(document, heavyWork.limits.inProcessMaxChars),
    {
      userId: context.userId,
      label: `createComment on page ${page.id}`,
      advice:
        'The page is very large: read it in parts, or move some of it to other pages.',
    },
  );
  const located = services.comments.setsAnchorMark
    ? await dependencies.livePages?.locateSelection?.({
        pageId: page.id,
        context,
        selection: input.selection,
      })
    : undefined;
  if (located?.kind === 'absent') throw selectionGone(page.id, input.selection);
  if (located?.kind === 'unplaceable' && !page.canEdit)
    throw selectionUnplaceable(page.id, input.selection);
  if (located?.kind === 'found') {
    const thread = await createServiceMarkedThread(dependencies, {
      caller,
      page,
      selection: input.selection,
      content: body,
      located,
    });
    return {
      id: thread.id,
      pageId: page.id,
      kind: 'thread',
      parentCommentId: null,
      selection: input.selection,
      anchorBlockId: thread.blockId,
      ...(thread.version === undefined ? {} : { pageVersion: thread.version }),
    };
  }
  // The package sets the mark itself: no live page to locate the selection on, a binding that
  // does not set marks, or a place Docmost's mark walk cannot reach (the caller may edit).
  // On a live page it writes through its own connection, which the collaboration server makes
  // read-only for someone who may not edit: refused before anything is created.
  if (
    !services.comments.setsAnchorMark &&
    !page.canEdit &&
    dependencies.livePages?.holdsPage?.(page.id)
  )
    throw highlightNeedsEditor(page.id, input.selection);
  const { id } = await services.comments.create({
    caller,
    pageId: page.id,
    content: body as unknown as JsonValue,
    selection: input.selection,
    // An anchored thread is 'inline': its highlight is in the text.
    type: 'inline',
    parentCommentId: null,
  });
  try {
    const { after, report } = await runBlockEdit(
      dependencies,
      {
        context,
        pageId: page.id,
        toolName: 'createComment',
        // Commenting is not editing: a viewer allowed to comment anchors too, as Docmost's
        // server sets the mark for whoever may comment.
        write: false,
      },
      (current) => ({
        kind: 'commentAnchor',
        pageId: current.id,
        selection: input.selection,
        commentId: id,
      }),
    );
    return {
      id,
      pageId: after.id,
      kind: 'thread',
      parentCommentId: null,
      selection: input.selection,
      anchorBlockId: report.blockId,
      pageVersion: after.version,
    };
  } catch (error) {
    await services.comments.remove({ caller, commentId: id });
    throw error;
  }
}

/** A new anchored thread (`selection`) or a reply to a thread (`parentCommentId`), authored by the caller. */
export async function createComment(
  dependencies: ToolExecutorDependencies<BlockEditHeavyTasks>,
  input: CreateCommentInput,
  context: ToolCallContext,
): Promise<CreatedComment> {
  const { selection, parentCommentId } = input;
  refuseUnstorableText(input.content, 'content');
  if (selection !== undefined && parentCommentId !== undefined) {
    throw new ToolError(
      'invalid_input',
      'give either selection (to start a new thread anchored to that text) or parentCommentId (to reply to a thread), not both: replies are not anchored',
    );
  }
  if (parentCommentId === undefined && selection === undefined) {
    throw new ToolError(
      'invalid_input',
      'give selection (exact page text to anchor a new thread to) or parentCommentId (the thread to reply to); neither was given',
    );
  }
  const caller = await serviceCaller(dependencies.db, context);
  const body = commentBodyDocument(
    input.content,
    await commentMentions(dependencies.db, context, input.content),
  );
  return parentCommentId !== undefined
    ? createReply(
        dependencies,
        { ...input, parentCommentId },
        context,
        caller,
        body,
      )
    : createThread(
        dependencies,
        { ...input, selection: selection! },
        context,
        caller,
        body,
      );
}
