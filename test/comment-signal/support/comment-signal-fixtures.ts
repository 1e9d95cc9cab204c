import { sql, type Kysely } from 'kysely';
import { createKysely, type DB } from '../../../src/database';
import { testDatabaseDriver } from '../../support/test-database';
import { SEED_IDS } from '../../../host/seed/seed-ids';

/**
 * A Kysely like the host's, over the driver under test, that also records every statement
 * reading `comments` (writes are the test's own).
 */
export function countingKysely(url: string): {
  readonly db: Kysely<DB>;
  readonly commentQueries: string[];
  close(): Promise<void>;
} {
  const commentQueries: string[] = [];
  const db = createKysely({
    connectionString: url,
    driver: testDatabaseDriver(),
    max: 4,
    log: (event) => {
      const text = event.query.sql;
      if (
        /\bcomments\b/.test(text) &&
        !/^\s*(insert|update|delete)\b/i.test(text)
      )
        commentQueries.push(text);
    },
  });
  return { db, commentQueries, close: () => db.destroy() };
}

export interface NewComment {
  readonly pageId: string;
  readonly text: string;
  readonly creatorId?: string;
  readonly createdSource?: 'user' | 'agent';
  readonly aiChatId?: string | null;
  readonly createdAt?: Date;
  readonly deleted?: boolean;
}

/** Inserts a comment the way Docmost does (content as ProseMirror JSON), on the page's space. */
export async function insertComment(
  db: Kysely<DB>,
  comment: NewComment,
): Promise<string> {
  const page = await db
    .selectFrom('pages')
    .select(['spaceId', 'workspaceId'])
    .where('id', '=', comment.pageId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('comments')
    .values({
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: comment.text }],
          },
        ],
      },
      pageId: comment.pageId,
      spaceId: page.spaceId,
      workspaceId: page.workspaceId,
      creatorId: comment.creatorId ?? SEED_IDS.users.member,
      // Absent: left to the column default ('user'), as Docmost's editor writes a person's comment.
      ...(comment.createdSource === undefined
        ? {}
        : { createdSource: comment.createdSource }),
      aiChatId: comment.aiChatId ?? null,
      type: 'inline',
      ...(comment.createdAt === undefined
        ? {}
        : { createdAt: comment.createdAt }),
      deletedAt: comment.deleted ? sql<Date>`now()` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createChat(
  db: Kysely<DB>,
  userId: string,
): Promise<string> {
  const row = await db
    .insertInto('aiChats')
    .values({
      title: 'comment signal test',
      creatorId: userId,
      workspaceId: SEED_IDS.workspace,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A second workspace with its own user, space (the user a member) and page. */
export async function createOtherWorkspace(
  db: Kysely<DB>,
): Promise<{ workspaceId: string; userId: string; pageId: string }> {
  const workspace = await db
    .insertInto('workspaces')
    .values({ name: 'Globex' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email: 'someone@globex.test',
      role: 'owner',
      workspaceId: workspace.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const space = await db
    .insertInto('spaces')
    .values({
      name: 'Globex',
      slug: 'globex',
      workspaceId: workspace.id,
      creatorId: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('spaceMembers')
    .values({ spaceId: space.id, userId: user.id, role: 'admin' })
    .execute();
  const page = await db
    .insertInto('pages')
    .values({
      slugId: 'globexpage01',
      title: 'Globex plans',
      spaceId: space.id,
      workspaceId: workspace.id,
      creatorId: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { workspaceId: workspace.id, userId: user.id, pageId: page.id };
}
