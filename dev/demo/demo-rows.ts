import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { SEED_IDS } from '../../host/seed/seed-ids';

/** The human comment of turn (c): a fixed id, so a rerun replaces it instead of adding one. */
export const DEMO_HUMAN_COMMENT_ID = '5eed00de-0000-4000-8000-000000000001';

export const DEMO_HUMAN_COMMENT_TEXT =
  "Can we commit to a date for the audit log export before Friday's review? Customers keep asking.";

export interface HumanComment {
  readonly pageId: string;
  readonly authorId: string;
}

/**
 * Removes what earlier demo runs left that the seed does not reset: the demo user's chats with
 * the demo's messages as titles, the agent's comments made in them, and the human comment. The
 * seed restores the pages themselves, so a rerun starts from the same state.
 */
export async function removeEarlierDemoRows(
  db: Kysely<DB>,
  userId: string,
  chatTitles: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const chats = trx
      .selectFrom('aiChats')
      .select('id')
      .where('creatorId', '=', userId)
      .where('workspaceId', '=', SEED_IDS.workspace)
      .where('title', 'in', [...chatTitles]);
    await trx
      .deleteFrom('comments')
      .where('createdSource', '=', 'agent')
      .where('aiChatId', 'in', chats)
      .execute();
    await trx
      .deleteFrom('comments')
      .where('id', '=', DEMO_HUMAN_COMMENT_ID)
      .execute();
    // Messages go with their chat (on delete cascade).
    await trx.deleteFrom('aiChats').where('id', 'in', chats).execute();
  });
}

/** Writes a comment the way Docmost's editor does for a person: `created_source` 'user', no chat. */
export async function insertHumanComment(
  db: Kysely<DB>,
  comment: HumanComment,
): Promise<{ readonly pageTitle: string }> {
  const page = await db
    .selectFrom('pages')
    .select(['spaceId', 'workspaceId', 'title'])
    .where('id', '=', comment.pageId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('comments')
    .values({
      id: DEMO_HUMAN_COMMENT_ID,
      // An object, not a JSON string: postgres.js would encode a string again (a jsonb string).
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: DEMO_HUMAN_COMMENT_TEXT }],
          },
        ],
      },
      type: 'inline',
      creatorId: comment.authorId,
      pageId: comment.pageId,
      spaceId: page.spaceId,
      workspaceId: page.workspaceId,
      createdSource: 'user',
      aiChatId: null,
      createdAt: sql<Date>`now()`,
    })
    .execute();
  return { pageTitle: page.title ?? '' };
}
