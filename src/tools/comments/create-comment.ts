// Docmost makes row ids time-ordered (UUID v7): comments the agent writes sort among its own.
import { v7 as uuidv7 } from 'uuid';
import type { Kysely } from 'kysely';
import type { DB, JsonValue } from '../../database';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { abbreviate } from '../../registry/abbreviate';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import { isUuid, requirePage, type AccessiblePage } from '../../access';
import type { createCommentTool } from './comments.tools';
import { AGENT_SOURCE, agentChatId, refuseUnstorableText } from '../page-store';
import { runBlockEdit } from '../structure/run-block-edit';
import { commentBodyDocument } from './comment-body';
import type { ToolExecutorDependencies } from '../executor-dependencies';

type CreateCommentInput = ToolInput<typeof createCommentTool>;

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

function commentRow(
  context: ToolCallContext,
  page: Pick<AccessiblePage, 'id' | 'spaceId' | 'workspaceId'>,
  input: CreateCommentInput,
  id: string,
) {
  return {
    id,
    content: commentBodyDocument(input.content) as unknown as JsonValue,
    selection: input.selection ?? null,
    // An anchored thread is 'inline' (its highlight is in the text); a reply is a 'page' comment,
    // the type Docmost stores when none is given.
    type: input.parentCommentId === undefined ? 'inline' : 'page',
    creatorId: context.userId,
    pageId: page.id,
    parentCommentId: input.parentCommentId ?? null,
    spaceId: page.spaceId,
    workspaceId: page.workspaceId,
    createdSource: AGENT_SOURCE,
    aiChatId: agentChatId(context),
  };
}

async function createReply(
  db: Kysely<DB>,
  input: CreateCommentInput & { parentCommentId: string },
  context: ToolCallContext,
): Promise<CreatedComment> {
  // Docmost lets only those who may edit the page comment on it, replies included: a space
  // reader may read the threads but not join them.
  const page = await requirePage(db, context, input.pageId, { write: true });
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
  const id = uuidv7();
  await db
    .insertInto('comments')
    .values(commentRow(context, page, input, id))
    .execute();
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
 * A new thread: the comment row and its anchor mark are written in one transaction, so a page
 * never shows a highlight without a thread, nor a thread whose anchor failed.
 */
async function createThread(
  { db, pageWriter, livePages, heavyWork }: ToolExecutorDependencies,
  input: CreateCommentInput & { selection: string },
  context: ToolCallContext,
): Promise<CreatedComment> {
  const id = uuidv7();
  return db.transaction().execute(async (trx) => {
    const { before, after, report } = await runBlockEdit(
      { db: trx, pageWriter, livePages, heavyWork },
      { context, pageId: input.pageId, toolName: 'createComment' },
      (page) => ({
        kind: 'commentAnchor',
        pageId: page.id,
        selection: input.selection,
        commentId: id,
      }),
    );
    await trx
      .insertInto('comments')
      .values(commentRow(context, before, input, id))
      .execute();
    return {
      id,
      pageId: after.id,
      kind: 'thread',
      parentCommentId: null,
      selection: input.selection,
      anchorBlockId: report.blockId,
      pageVersion: after.version,
    };
  });
}

/** A new anchored thread (`selection`) or a reply to a thread (`parentCommentId`), authored by the caller. */
export async function createComment(
  dependencies: ToolExecutorDependencies,
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
  try {
    return parentCommentId !== undefined
      ? await createReply(
          dependencies.db,
          { ...input, parentCommentId },
          context,
        )
      : await createThread(
          dependencies,
          { ...input, selection: selection! },
          context,
        );
  } catch (error) {
    if (ToolError.isToolError(error) && error.code === 'forbidden') {
      throw new ToolError(
        'forbidden',
        `${error.message}. Docmost lets only those who may edit a page comment on it (threads and replies alike); nothing was written`,
        error.details,
      );
    }
    throw error;
  }
}
