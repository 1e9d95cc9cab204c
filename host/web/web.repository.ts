import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { InjectKysely, extractText, type DB } from '../../src';
import { generateApiToken, hashApiToken } from '../auth/api-token';
import type { PageComment, SignInUser } from './web-api';

/** The picker lists at most this many people; anyone else signs in with a token. */
const MAX_SIGN_IN_USERS = 100;

/** `api_tokens.name` of the tokens the web app's sign-in issues. */
export const WEB_SIGN_IN_TOKEN_NAME = 'web sign-in';

/** The web app's reads and writes that no tool covers: sign-in, the comment panel. */
@Injectable()
export class WebRepository {
  constructor(@InjectKysely() private readonly db: Kysely<DB>) {}

  /** Active users of live workspaces: who may sign in. */
  private activeUsers() {
    return this.db
      .selectFrom('users')
      .innerJoin('workspaces', 'workspaces.id', 'users.workspaceId')
      .where('users.deletedAt', 'is', null)
      .where('users.deactivatedAt', 'is', null)
      .where('workspaces.deletedAt', 'is', null);
  }

  /** The sign-in picker's list (the first 100: a reference host's). */
  signInUsers(): Promise<SignInUser[]> {
    return this.activeUsers()
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'workspaces.name as workspace',
        'workspaces.id as workspaceId',
      ])
      .orderBy('workspaces.name')
      .orderBy('users.email')
      .limit(MAX_SIGN_IN_USERS)
      .execute() as Promise<SignInUser[]>;
  }

  /** A new bearer token for `userId` (an active user), or undefined when there is none. */
  async issueToken(userId: string): Promise<string | undefined> {
    const user = await this.activeUsers()
      .select('workspaces.id as workspaceId')
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const token = generateApiToken();
    await this.db
      .insertInto('apiTokens')
      .values({
        userId,
        workspaceId: user.workspaceId,
        name: WEB_SIGN_IN_TOKEN_NAME,
        tokenHash: hashApiToken(token),
        createdAt: new Date(),
      })
      .execute();
    return token;
  }

  /**
   * The page's comments, oldest first, or only the one `commentId` names (the caller checked
   * that the user may see the page).
   */
  async pageComments(
    pageId: string,
    commentId?: string,
  ): Promise<PageComment[]> {
    const rows = await this.db
      .selectFrom('comments')
      .leftJoin('users', 'users.id', 'comments.creatorId')
      .select([
        'comments.id',
        'comments.parentCommentId',
        'comments.content',
        'comments.selection',
        'comments.createdSource',
        'comments.resolvedAt',
        sql<string>`to_char(comments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
          'createdAt',
        ),
        'users.name',
        'users.email',
      ])
      .where('comments.pageId', '=', pageId)
      .where('comments.deletedAt', 'is', null)
      .$if(commentId !== undefined, (query) =>
        query.where('comments.id', '=', commentId!),
      )
      .orderBy('comments.createdAt')
      .orderBy('comments.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      parentCommentId: row.parentCommentId,
      author: row.name ?? row.email ?? 'someone',
      text: row.content === null ? '' : extractText(row.content),
      selection: row.selection,
      source: row.createdSource,
      resolved: row.resolvedAt !== null,
      createdAt: row.createdAt,
    }));
  }

  /** Whether `commentId` is a top-level comment of `pageId` (replies go one level deep). */
  async isThreadOf(commentId: string, pageId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('comments')
      .select('id')
      .where('id', '=', commentId)
      .where('pageId', '=', pageId)
      .where('parentCommentId', 'is', null)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
