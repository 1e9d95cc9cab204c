import { type Kysely, sql } from 'kysely';
import {
  createIndexConcurrently,
  dropIndexConcurrently,
} from './concurrent-index';

/**
 * The comment signal counts "comments on these pages created after the watermark" once per
 * debounce window per chat session. Docmost only has `idx_comments_page_id`; this composite
 * index turns the count into an index range scan per page instead of a scan of every comment
 * a page ever had. Built concurrently: comment writes go on while it builds. An index of that
 * name already there (a hand-prepared database) is kept.
 */
/** Docmost's columns the index is built on (`migrateAiToolsModule` waits for them). */
export const needs = ['comments.page_id', 'comments.created_at'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await createIndexConcurrently(
    db,
    'idx_comments_page_id_created_at',
    sql`on comments (page_id, created_at)`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexConcurrently(db, 'idx_comments_page_id_created_at');
}
