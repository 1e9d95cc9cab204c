import { sql, type Kysely } from 'kysely';
import type { DB, Share } from '../../database';
import type { ShareWrites, SharingPolicy } from '../docmost-services';
import { ToolError } from '../../registry/tool-error';
import { generateShareKey } from './share-key';

const KEY_ATTEMPTS = 5;

/** Share writes on Docmost's `shares` table, as Docmost's `ShareService` and `ShareRepo` make them. */
export function databaseShareWrites(db: Kysely<DB>): ShareWrites {
  return {
    async create(request) {
      return db.transaction().execute(async (trx) => {
        // Locking the page row makes two concurrent calls agree on one share.
        const page = await sql<{ spaceId: string; workspaceId: string }>`
          select space_id as "spaceId", workspace_id as "workspaceId" from pages where id = ${request.pageId} for update`.execute(
          trx,
        );
        const existing = await trx
          .selectFrom('shares')
          .select('id')
          .where('pageId', '=', request.pageId)
          .orderBy('createdAt')
          .executeTakeFirst();
        if (existing) return { id: existing.id };
        const { spaceId, workspaceId } = page.rows[0]!;
        // A key is unique per workspace; a collision (rare at 36^10 keys) draws another key.
        let created: Pick<Share, 'id'> | undefined;
        for (
          let attempt = 0;
          attempt < KEY_ATTEMPTS && created === undefined;
          attempt++
        ) {
          created = await trx
            .insertInto('shares')
            .values({
              key: generateShareKey(),
              pageId: request.pageId,
              includeSubPages: request.includeSubPages,
              searchIndexing: request.searchIndexing,
              creatorId: request.caller.userId,
              spaceId,
              workspaceId,
            })
            .onConflict((conflict) =>
              conflict.columns(['key', 'workspaceId']).doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
        }
        if (created === undefined) {
          throw new ToolError(
            'internal',
            `could not draw an unused share key after ${KEY_ATTEMPTS} attempts; the page was not shared, try again`,
          );
        }
        return { id: created.id };
      });
    },

    async update(request) {
      await db
        .updateTable('shares')
        .set({
          includeSubPages: request.includeSubPages,
          searchIndexing: request.searchIndexing,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', request.shareId)
        .execute();
    },

    // Revoked by deleting the row, as Docmost does (a soft-deleted share would stay public to a
    // Docmost that does not filter on `deleted_at`).
    async remove(request) {
      await db.deleteFrom('shares').where('id', '=', request.shareId).execute();
    },
  };
}

/** Which of the two settings that disable public sharing is on for a space, if any. */
export async function sharingDisabledBy(
  db: Kysely<DB>,
  workspaceId: string,
  spaceId: string,
): Promise<'workspace' | 'space' | null> {
  const row = await db
    .selectFrom('workspaces')
    .innerJoin('spaces', 'spaces.workspaceId', 'workspaces.id')
    .select([
      sql<boolean>`coalesce(workspaces.settings -> 'sharing' -> 'disabled' = 'true'::jsonb, false)`.as(
        'workspaceDisabled',
      ),
      sql<boolean>`coalesce(spaces.settings -> 'sharing' -> 'disabled' = 'true'::jsonb, false)`.as(
        'spaceDisabled',
      ),
    ])
    .where('workspaces.id', '=', workspaceId)
    .where('spaces.id', '=', spaceId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.workspaceDisabled) return 'workspace';
  if (row.spaceDisabled) return 'space';
  return null;
}

/**
 * Docmost's `ShareService.isSharingAllowed` in SQL: false when the workspace's or the space's
 * `settings.sharing.disabled` is true (or the space is not in the workspace).
 */
export function databaseSharingPolicy(db: Kysely<DB>): SharingPolicy {
  return {
    async isSharingAllowed(workspaceId, spaceId) {
      const exists = await db
        .selectFrom('spaces')
        .select('id')
        .where('id', '=', spaceId)
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirst();
      if (!exists) return false;
      return (await sharingDisabledBy(db, workspaceId, spaceId)) === null;
    },
  };
}
