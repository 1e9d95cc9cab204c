import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { PageWrites } from '../docmost-services';
import { ToolError } from '../../registry/tool-error';
import { writePage, type PageStore } from '../../page-store';
import { generateSlugId } from '../../page-store/slug-id';
import {
  generateKeyBetween,
  isValidOrderKey,
} from '../../page-store/fractional-index';
import {
  ancestorChain,
  descendantPageIds,
  lockSpaceTree,
} from '../../page-store/page-tree';
import { asDocument } from '../../document';

/** Tries before giving up on finding an unused slugId; each collision has odds of about 1 in 8e17. */
const SLUG_ATTEMPTS = 5;

/** A position key after every page at that level, trashed ones included (they may come back). */
async function positionAfterSiblings(
  db: Kysely<DB>,
  spaceId: string,
  parentPageId: string | null,
): Promise<string> {
  const rows = await db
    .selectFrom('pages')
    .select('position')
    .where('spaceId', '=', spaceId)
    .where((eb) =>
      parentPageId === null
        ? eb('parentPageId', 'is', null)
        : eb('parentPageId', '=', parentPageId),
    )
    .execute();
  // Byte-wise, as Docmost compares positions (collate "C"); keys it cannot read are skipped.
  const keys = rows.flatMap((row) =>
    row.position !== null && isValidOrderKey(row.position)
      ? [row.position]
      : [],
  );
  const last = keys.reduce<string | null>(
    (max, key) => (max === null || key > max ? key : max),
    null,
  );
  return generateKeyBetween(last, null);
}

/**
 * Page tree writes on Docmost's tables, without Docmost's services: the rows only (no watcher,
 * no tree event to the space, no page event for search and embeddings). What a host that binds
 * nothing gets.
 */
export function databasePageWrites(store: PageStore): PageWrites {
  const { db } = store;
  return {
    // The page and its first history version, with the agent's provenance, by the page writer,
    // at the end of its level, in one transaction that holds the space tree's lock, so two
    // pages never get the same position.
    async create(request) {
      return db.transaction().execute(async (trx) => {
        await lockSpaceTree(trx, [request.spaceId]);
        const position = await positionAfterSiblings(
          trx,
          request.spaceId,
          request.parentPageId,
        );
        for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
          const created = await store.pageWriter.createPage({
            db: trx,
            context: request.caller.call,
            page: {
              slugId: generateSlugId(),
              title: request.title,
              position,
              content: asDocument(request.content),
              parentPageId: request.parentPageId,
              spaceId: request.spaceId,
              workspaceId: request.caller.workspaceId,
            },
            toolName: 'createPage',
          });
          if (created)
            return {
              id: created.id,
              slugId: created.slugId,
              position,
              version: created.version,
            };
        }
        throw new ToolError(
          'internal',
          `could not find an unused slugId after ${SLUG_ATTEMPTS} attempts; nothing was created, try again`,
        );
      });
    },

    async rename(request) {
      const written = await writePage(store, {
        context: request.caller.call,
        page: { id: request.pageId, version: request.version },
        change: { title: request.title },
        toolName: 'renamePage',
      });
      return { historyId: written.historyId, version: written.version };
    },

    // Moving to another space does what Docmost does: the whole subtree moves, with its
    // comments, history, shares, attachments and watchers, so that space membership keeps
    // deciding who sees them, and the subtree's page-level restrictions are dropped.
    async move(request) {
      await db.transaction().execute(async (trx) => {
        const page = await trx
          .selectFrom('pages')
          .select(['id', 'spaceId'])
          .where('id', '=', request.pageId)
          .executeTakeFirstOrThrow();
        await lockSpaceTree(trx, [page.spaceId, request.spaceId]);
        // Checked again under the lock, as Docmost's movePage does: two concurrent moves ("A
        // under B", "B under A") could each have passed the package's check before it.
        if (
          request.parentPageId !== null &&
          (await ancestorChain(trx, request.parentPageId)).some(
            (ancestor) => ancestor.id === page.id,
          )
        )
          throw new ToolError(
            'conflict',
            `page ${page.id} cannot move under ${request.parentPageId}: that page was just moved inside it, which would make a cycle; nothing was moved. Read the tree again (listSidebarPages) and retry`,
          );
        await trx
          .updateTable('pages')
          .set({
            parentPageId: request.parentPageId,
            position: request.position,
            spaceId: request.spaceId,
          })
          .where('id', '=', page.id)
          .execute();
        if (request.spaceId === page.spaceId) return;
        const moved = [
          page.id,
          ...(await descendantPageIds(trx, page.id, { includeDeleted: true })),
        ];
        const spaceId = request.spaceId;
        await trx
          .updateTable('pages')
          .set({ spaceId })
          .where('id', 'in', moved)
          .execute();
        for (const table of [
          'comments',
          'pageHistory',
          'shares',
          'attachments',
          'watchers',
        ] as const) {
          await trx
            .updateTable(table)
            .set({ spaceId })
            .where('pageId', 'in', moved)
            .execute();
        }
        // As Docmost does: restrictions were set for the old space's people; in the new space the
        // space membership decides until someone restricts the pages again. Permissions cascade.
        await trx
          .deleteFrom('pageAccess')
          .where('pageId', 'in', moved)
          .execute();
      });
    },

    // As Docmost trashes: `deleted_at` and `deleted_by_id` set, so the trash can restore them
    // (sub-pages already in the trash keep their own deletion time), and their shares deleted
    // for good (Docmost's `PageRepo.removePage`: a restore brings no link back).
    async trash({ caller, pageId }) {
      await db.transaction().execute(async (trx) => {
        const page = await trx
          .selectFrom('pages')
          .select(['id', 'spaceId'])
          .where('id', '=', pageId)
          .executeTakeFirstOrThrow();
        await lockSpaceTree(trx, [page.spaceId]);
        const ids = [
          page.id,
          ...(await descendantPageIds(trx, page.id, { includeDeleted: false })),
        ];
        await trx
          .updateTable('pages')
          .set({ deletedAt: sql<Date>`now()`, deletedById: caller.userId })
          .where('id', 'in', ids)
          .where('deletedAt', 'is', null)
          .execute();
        await trx.deleteFrom('shares').where('pageId', 'in', ids).execute();
      });
    },
  };
}
