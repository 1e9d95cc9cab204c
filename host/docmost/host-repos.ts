import type { Kysely } from 'kysely';
import type { DB } from '../../src';

/** Docmost's `User`, as far as the host's services read it. */
export interface HostUser {
  readonly id: string;
  readonly workspaceId: string;
  readonly role: string | null;
}

/** Docmost's `Page`, as far as the host's services read it. */
export interface HostPage {
  readonly id: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly spaceId: string;
  readonly workspaceId: string;
  readonly parentPageId: string | null;
  readonly deletedAt: Date | null;
}

/** Docmost's `Comment`, as far as the host's services read it. */
export interface HostComment {
  readonly id: string;
  readonly pageId: string;
  readonly spaceId: string;
  readonly workspaceId: string;
  readonly creatorId: string | null;
  readonly parentCommentId: string | null;
  readonly resolvedAt: Date | null;
}

/** Docmost's `UserRepo.findById(userId, workspaceId)`. */
export class HostUserRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(
    userId: string,
    workspaceId: string,
  ): Promise<HostUser | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'workspaceId', 'role'])
      .where('id', '=', userId)
      .where('workspaceId', '=', workspaceId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst() as Promise<HostUser | undefined>;
  }
}

/** Docmost's `PageRepo.findById(pageId)`. */
export class HostPageRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(pageId: string): Promise<HostPage | undefined> {
    return this.db
      .selectFrom('pages')
      .select([
        'id',
        'slugId',
        'title',
        'spaceId',
        'workspaceId',
        'parentPageId',
        'deletedAt',
      ])
      .where('id', '=', pageId)
      .executeTakeFirst();
  }
}

/** Docmost's `CommentRepo.findById` and `deleteComment`. */
export class HostCommentRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(commentId: string): Promise<HostComment | undefined> {
    return this.db
      .selectFrom('comments')
      .select([
        'id',
        'pageId',
        'spaceId',
        'workspaceId',
        'creatorId',
        'parentCommentId',
        'resolvedAt',
      ])
      .where('id', '=', commentId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  }

  async deleteComment(commentId: string): Promise<void> {
    await this.db.deleteFrom('comments').where('id', '=', commentId).execute();
  }
}

/** Docmost's `ShareRepo.findById` and `deleteShare`. */
export class HostShareRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(
    shareId: string,
  ): Promise<
    { id: string; pageId: string | null; spaceId: string } | undefined
  > {
    return this.db
      .selectFrom('shares')
      .select(['id', 'pageId', 'spaceId'])
      .where('id', '=', shareId)
      .executeTakeFirst();
  }

  async deleteShare(shareId: string): Promise<void> {
    await this.db.deleteFrom('shares').where('id', '=', shareId).execute();
  }
}
