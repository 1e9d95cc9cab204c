import { type Kysely, sql } from 'kysely';

/**
 * The comment signal's count index, made partial and covering: only live comments (the count
 * reads `deleted_at is null`), with the columns the count filters on included. The count then
 * reads each page's range of new comments from the index alone (an index-only scan) instead of
 * fetching every counted comment from the table, which is what a first check with an old
 * watermark (a resumed chat) pays for. Same name as before, so hosts and plans refer to one index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // An operator of a large Docmost builds this index by hand with CREATE INDEX CONCURRENTLY
  // (README, Migrations) so that no migration blocks writes to comments: keep that one.
  const { rows } = await sql<{ definition: string }>`
    select indexdef as definition from pg_indexes where schemaname = current_schema() and indexname = 'idx_comments_page_id_created_at'`.execute(
    db,
  );
  const definition = rows[0]?.definition ?? '';
  if (
    /INCLUDE \(workspace_id, created_source, creator_id, ai_chat_id\)/.test(
      definition,
    ) &&
    /WHERE \(deleted_at IS NULL\)/.test(definition)
  )
    return;
  await sql`drop index if exists idx_comments_page_id_created_at`.execute(db);
  await sql`
    create index idx_comments_page_id_created_at on comments (page_id, created_at)
    include (workspace_id, created_source, creator_id, ai_chat_id) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists idx_comments_page_id_created_at`.execute(db);
  await sql`create index idx_comments_page_id_created_at on comments (page_id, created_at)`.execute(
    db,
  );
}
