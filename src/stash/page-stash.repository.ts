import { ToolError } from '../ground';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';
import { requirePage } from '../access';
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

  /**
   * Whether the stash's creator may still read its page: an active member of the workspace
   * (not deleted, not deactivated) who still sees the page, which is not in the trash. A link
   * must not outlive the access it was made with.
   */
  async creatorStillSeesPage(stash: StoredPageStash): Promise<boolean> {
    const creator = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', stash.creatorId)
      .where('workspaceId', '=', stash.workspaceId)
      .where('deletedAt', 'is', null)
      .where('deactivatedAt', 'is', null)
      .executeTakeFirst();
    if (!creator) return false;
    try {
      await requirePage(
        this.docmost,
        { userId: stash.creatorId, workspaceId: stash.workspaceId },
        stash.pageId,
        { content: false },
      );
      return true;
    } catch (error) {
      if (error instanceof ToolError && error.code === 'not_found')
        return false;
      throw error;
    }
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
