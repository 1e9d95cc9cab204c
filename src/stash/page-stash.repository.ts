import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';
import type { PageStashTables } from './page-stash-table';

export interface NewPageStash {
  readonly keyHash: string;
  readonly workspaceId: string;
  readonly pageId: string;
  readonly creatorId: string;
  readonly format: string;
  readonly fileName: string;
  readonly body: string;
  readonly bytes: number;
  readonly expiresInMinutes: number;
}

export interface StoredPageStash {
  readonly id: string;
  readonly format: string;
  readonly fileName: string;
  readonly body: string;
  readonly bytes: number;
  readonly expiresAt: Date;
  /** By the database's clock, so every server instance agrees. */
  readonly expired: boolean;
  readonly pageId: string;
  readonly creatorId: string;
  readonly workspaceId: string;
}

/** A stash as the admins' list shows it: never its key (only its hash is stored) nor its body. */
export interface ListedPageStash {
  readonly id: string;
  readonly pageId: string;
  /** Null when the page is gone (its stash is then refused on download). */
  readonly pageTitle: string | null;
  readonly spaceId: string | null;
  readonly creatorId: string;
  readonly creatorName: string | null;
  readonly format: string;
  readonly fileName: string;
  readonly bytes: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Where a page of the list starts: after this row, in the list's order. The time is the
 * database's own text of `created_at`, to the microsecond (a `Date` keeps milliseconds only, and
 * rows made within the same millisecond would be skipped).
 */
export interface StashListPosition {
  readonly createdAt: string;
  readonly id: string;
}

/** Rows of `ai_tools_page_stashes`. Times come from the database's clock, never the server's. */
export class PageStashRepository {
  private readonly db: Kysely<DB & PageStashTables>;

  constructor(private readonly docmost: Kysely<DB>) {
    this.db = docmost.withTables<PageStashTables>();
  }

  async insert(
    stash: NewPageStash,
  ): Promise<{ readonly id: string; readonly expiresAt: Date }> {
    const { expiresInMinutes, ...values } = stash;
    return this.db
      .insertInto('aiToolsPageStashes')
      .values({
        ...values,
        expiresAt: sql<Date>`now() + make_interval(mins => ${expiresInMinutes}::int)`,
      })
      .returning(['id', 'expiresAt'])
      .executeTakeFirstOrThrow();
  }

  findByKeyHash(keyHash: string): Promise<StoredPageStash | undefined> {
    return this.db
      .selectFrom('aiToolsPageStashes')
      .select([
        'id',
        'format',
        'fileName',
        'body',
        'bytes',
        'expiresAt',
        'pageId',
        'creatorId',
        'workspaceId',
      ])
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('keyHash', '=', keyHash)
      .executeTakeFirst();
  }

  /** Stashes of one user that have not expired yet. */
  async countActive(creatorId: string): Promise<number> {
    const row = await this.db
      .selectFrom('aiToolsPageStashes')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('creatorId', '=', creatorId)
      .where(sql<boolean>`expires_at > now()`)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Whether the stash's creator is still an active member of its workspace (not deleted, not deactivated). */
  async creatorIsActive(stash: StoredPageStash): Promise<boolean> {
    const creator = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', stash.creatorId)
      .where('workspaceId', '=', stash.workspaceId)
      .where('deletedAt', 'is', null)
      .where('deactivatedAt', 'is', null)
      .executeTakeFirst();
    return creator !== undefined;
  }

  /**
   * Unexpired stashes of a workspace, newest first, after `after` (the last row of the page
   * before): each with its page's title and space and its creator's name, for the admins.
   */
  listActive(
    workspaceId: string,
    limit: number,
    after: StashListPosition | undefined,
  ): Promise<(ListedPageStash & { readonly position: string })[]> {
    let query = this.db
      .selectFrom('aiToolsPageStashes as stash')
      .leftJoin('pages', 'pages.id', 'stash.pageId')
      .leftJoin('users', 'users.id', 'stash.creatorId')
      .select([
        'stash.id',
        'stash.pageId',
        'pages.title as pageTitle',
        'pages.spaceId',
        'stash.creatorId',
        'users.name as creatorName',
        'stash.format',
        'stash.fileName',
        'stash.bytes',
        'stash.createdAt',
        'stash.expiresAt',
        sql<string>`stash.created_at::text`.as('position'),
      ])
      .where('stash.workspaceId', '=', workspaceId)
      .where(sql<boolean>`stash.expires_at > now()`);
    if (after)
      query = query.where(
        sql<boolean>`(stash.created_at, stash.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    return query
      .orderBy('stash.createdAt', 'desc')
      .orderBy('stash.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** One unexpired stash of a workspace, by its id (not its key), with its page's space. */
  findActiveById(
    workspaceId: string,
    id: string,
  ): Promise<
    | {
        readonly id: string;
        readonly pageId: string;
        readonly spaceId: string | null;
      }
    | undefined
  > {
    return this.db
      .selectFrom('aiToolsPageStashes as stash')
      .leftJoin('pages', 'pages.id', 'stash.pageId')
      .select(['stash.id', 'stash.pageId', 'pages.spaceId'])
      .where('stash.workspaceId', '=', workspaceId)
      .where('stash.id', '=', id)
      .where(sql<boolean>`stash.expires_at > now()`)
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db
      .deleteFrom('aiToolsPageStashes')
      .where('id', '=', id)
      .execute();
  }

  /** Deletes up to `limit` expired rows (oldest expiry first); returns how many. */
  async deleteExpired(limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('aiToolsPageStashes')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('aiToolsPageStashes')
          .select('id')
          .where(sql<boolean>`expires_at <= now()`)
          .orderBy('expiresAt')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
