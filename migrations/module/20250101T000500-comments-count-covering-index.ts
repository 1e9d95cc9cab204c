import { type Kysely, sql } from 'kysely';
import {
  createIndexConcurrently,
  dropIndexConcurrently,
  indexState,
} from './concurrent-index';

const INDEX = 'idx_comments_page_id_created_at';
/** The new form is built beside the old one, so the count has an index at every moment. */
const REPLACEMENT = 'idx_comments_page_id_created_at_next';

/**
 * Replaces `INDEX` by an index built with `definition` unless `isWanted` says it is already
 * in that form: the replacement is built concurrently under another name, the old one dropped
 * concurrently, the replacement renamed. Comment writes go on throughout.
 */
async function replaceIndex(
  db: Kysely<any>,
  definition: ReturnType<typeof sql>,
  isWanted: (definition: string) => boolean,
): Promise<void> {
  const current = await indexState(db, INDEX);
  if (current?.valid && isWanted(current.definition)) return;
  await createIndexConcurrently(db, REPLACEMENT, definition);
  await dropIndexConcurrently(db, INDEX);
  await sql`alter index ${sql.id(REPLACEMENT)} rename to ${sql.id(INDEX)}`.execute(
    db,
  );
}

/**
 * The comment signal's count index, made partial and covering: only live comments (the count
 * reads `deleted_at is null`), with the columns the count filters on included. The count then
 * reads each page's range of new comments from the index alone (an index-only scan) instead of
 * fetching every counted comment from the table, which is what a first check with an old
 * watermark (a resumed chat) pays for. Same name as before, so hosts and plans refer to one index.
 * An index already in this form (built by hand, README "Migrations") is kept.
 */
/** Docmost's columns the index covers (`created_source` and `ai_chat_id`: Docmost's agent provenance, migrated 2026-06). */
export const needs = [
  'comments.page_id',
  'comments.created_at',
  'comments.workspace_id',
  'comments.created_source',
  'comments.creator_id',
  'comments.ai_chat_id',
  'comments.deleted_at',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await replaceIndex(
    db,
    sql`on comments (page_id, created_at) include (workspace_id, created_source, creator_id, ai_chat_id) where deleted_at is null`,
    (definition) =>
      /INCLUDE \(workspace_id, created_source, creator_id, ai_chat_id\)/.test(
        definition,
      ) && /WHERE \(deleted_at IS NULL\)/.test(definition),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceIndex(
    db,
    sql`on comments (page_id, created_at)`,
    (definition) => !/INCLUDE|WHERE/.test(definition),
  );
}
