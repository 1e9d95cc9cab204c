import { type Kysely, sql } from 'kysely';

/**
 * The comment signal counts "comments on these pages created after the watermark" once per
 * debounce window per chat session. Docmost only has `idx_comments_page_id`; this composite
 * index turns the count into an index range scan per page instead of a scan of every comment
 * a page ever had. `if not exists` keeps re-runs against a hand-prepared database harmless.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists idx_comments_page_id_created_at on comments (page_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists idx_comments_page_id_created_at`.execute(db);
}
