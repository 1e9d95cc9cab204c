import { sql } from 'kysely';
import { pageVersionConflict, type PageUpdate } from '../page-store';

/**
 * The stored document of the row `update` was read from, for a write to a page that is not
 * live: a conflict when the row has changed since (its version is no longer the one read).
 */
export async function storedRowDocument(update: PageUpdate): Promise<unknown> {
  const row = await update.db
    .selectFrom('pages')
    .select('content')
    .where('id', '=', update.page.id)
    .where('deletedAt', 'is', null)
    .where(sql<boolean>`updated_at::text = ${update.page.version}`)
    .executeTakeFirst();
  if (!row) {
    const current = await update.db
      .selectFrom('pages')
      .select(sql<string>`updated_at::text`.as('version'))
      .where('id', '=', update.page.id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    throw pageVersionConflict(
      update.page.id,
      update.page.version,
      current?.version,
    );
  }
  return row.content;
}
