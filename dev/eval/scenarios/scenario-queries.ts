import type { Kysely } from 'kysely';
import type { DB } from '../../../src/database';
import { DEMO_PAGES } from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { EvalError } from '../eval-error';
import { textBlocks } from '../text-blocks';

const SEED_COMMENT_IDS: readonly string[] = Object.values(SEED_IDS.comments);

/** A page's content as the seed wrote it: what "nothing else changed" compares with. */
export function seededContent(pageId: string): unknown {
  const page = DEMO_PAGES.find((candidate) => candidate.id === pageId);
  if (page === undefined) throw new EvalError(`the seed has no page ${pageId}`);
  return page.content;
}

/** A page's stored content now. */
export async function storedContent(
  db: Kysely<DB>,
  pageId: string,
): Promise<unknown> {
  const page = await db
    .selectFrom('pages')
    .select('content')
    .where('id', '=', pageId)
    .executeTakeFirst();
  if (page === undefined)
    throw new EvalError(`page ${pageId} is gone from the database`);
  return page.content;
}

/** A new comment (not one of the seed's), with its text. */
export interface NewComment {
  readonly id: string;
  readonly pageId: string;
  readonly creatorId: string | null;
  readonly parentCommentId: string | null;
  readonly text: string;
}

/** Comments that are not the seed's and not deleted, oldest first. */
export async function newComments(
  db: Kysely<DB>,
  pageId: string,
): Promise<NewComment[]> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'pageId', 'creatorId', 'parentCommentId', 'content'])
    .where('pageId', '=', pageId)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
  return rows
    .filter((row) => !SEED_COMMENT_IDS.includes(row.id))
    .map((row) => ({
      id: row.id,
      pageId: row.pageId,
      creatorId: row.creatorId,
      parentCommentId: row.parentCommentId,
      text: textBlocks(row.content)
        .map((block) => block.text)
        .join('\n'),
    }));
}

/** The chat's last assistant answer, as stored (its text), or '' when none was stored. */
export async function finalAnswer(
  db: Kysely<DB>,
  chatId: string,
): Promise<string> {
  if (!/^[0-9a-f-]{36}$/i.test(chatId)) return '';
  const row = await db
    .selectFrom('aiChatMessages')
    .select('content')
    .where('chatId', '=', chatId)
    .where('role', '=', 'assistant')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.content ?? '';
}

/** Live public shares of the workspace: page id per share. */
export async function sharedPageIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('shares')
    .select('pageId')
    .where('workspaceId', '=', SEED_IDS.workspace)
    .where('deletedAt', 'is', null)
    .execute();
  return rows
    .map((row) => row.pageId)
    .filter((id): id is string => id !== null);
}

/** Parent of every live page, by page id. */
export async function pageParents(
  db: Kysely<DB>,
): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'parentPageId'])
    .where('workspaceId', '=', SEED_IDS.workspace)
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.parentPageId] as const));
}
