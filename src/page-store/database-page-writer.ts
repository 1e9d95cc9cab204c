import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../database';
import { AGENT_SOURCE, agentChatId, agentPageEdit } from './agent-provenance';
import { pageVersionConflict } from './page-version-conflict';
import { stagedText } from './staged-text';
import { storedDocumentOf, type StoredDocument } from '../stored-document';
import type {
  CreatedPage,
  PageCreation,
  PageUpdate,
  PageWriter,
  WrittenPage,
} from './page-writer';

/** The columns a `page_history` row copies from its page, under the same names. */
const HISTORY_COPIED_COLUMNS = [
  'slugId',
  'title',
  'content',
  'icon',
  'coverPhoto',
  'lastUpdatedById',
  'contributorIds',
  'lastUpdatedSource',
  'lastUpdatedAiChatId',
  'spaceId',
  'workspaceId',
] as const;

/** Adds the `page_history` row of a page just written, copied in SQL from the row as saved. */
export async function addPageHistoryRow(
  trx: Kysely<DB>,
  pageId: string,
): Promise<string> {
  const history = await trx
    .insertInto('pageHistory')
    .columns(['pageId', 'version', ...HISTORY_COPIED_COLUMNS])
    .expression(
      // As Docmost copies the page at save time; its version column is NULL in the rows Docmost
      // writes too: versions are addressed by history id.
      trx
        .selectFrom('pages')
        .select([
          'id',
          sql<null>`null::integer`.as('version'),
          ...HISTORY_COPIED_COLUMNS,
        ])
        .where('id', '=', pageId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return history.id;
}

/** `pages.content` and `pages.text_content` of a document, from its stored form. */
async function contentColumns(trx: Kysely<DB>, { json, text }: StoredDocument) {
  // JSON text as text, cast by the database: the driver does not serialise the document a
  // second time, and postgres.js would JSON-encode a parameter the server describes as jsonb
  // (the page would hold one string). A large one is sent in pieces (see `stagedText`).
  return {
    content: sql<JsonValue>`${await stagedText(trx, json)}::jsonb`,
    textContent: await stagedText(trx, text),
  };
}

async function updateInTransaction(
  trx: Kysely<DB>,
  { context, page, change }: PageUpdate,
): Promise<WrittenPage> {
  const updated = await trx
    .updateTable('pages')
    .set({
      ...(change.content
        ? {
            ...(await contentColumns(trx, storedDocumentOf(change.content))),
            ydoc: null,
          }
        : {}),
      ...(change.title !== undefined ? { title: change.title } : {}),
      updatedAt: sql<Date>`clock_timestamp()`,
      ...agentPageEdit(context),
    })
    .where('id', '=', page.id)
    .where('deletedAt', 'is', null)
    // Text against text: a version that is no timestamp (a live page's, a typo) is simply stale.
    .where(sql<boolean>`updated_at::text = ${page.version}`)
    .returning(['id', sql<string>`updated_at::text`.as('version')])
    .executeTakeFirst();
  if (!updated) {
    const current = await trx
      .selectFrom('pages')
      .select(sql<string>`updated_at::text`.as('version'))
      .where('id', '=', page.id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    throw pageVersionConflict(page.id, page.version, current?.version);
  }
  return { ...updated, historyId: await addPageHistoryRow(trx, updated.id) };
}

async function insertPage(
  trx: Kysely<DB>,
  { context, page }: PageCreation,
): Promise<CreatedPage | null> {
  const created = await trx
    .insertInto('pages')
    .values({
      slugId: page.slugId,
      title: page.title,
      icon: null,
      position: page.position,
      ...(await contentColumns(trx, storedDocumentOf(page.content))),
      parentPageId: page.parentPageId,
      spaceId: page.spaceId,
      workspaceId: page.workspaceId,
      creatorId: context.userId,
      // Docmost's fork marks a page the agent wrote: source, chat, and the human as contributor.
      lastUpdatedById: context.userId,
      lastUpdatedSource: AGENT_SOURCE,
      lastUpdatedAiChatId: agentChatId(context),
      contributorIds: sql<string[]>`array[${context.userId}::uuid]`,
    })
    .onConflict((conflict) => conflict.column('slugId').doNothing())
    .returning(['id', 'slugId', sql<string>`updated_at::text`.as('version')])
    .executeTakeFirst();
  if (!created) return null;
  return { ...created, historyId: await addPageHistoryRow(trx, created.id) };
}

/**
 * The default `PageWriter`: Docmost's tables written directly, as one atomic compare-and-set on
 * `updated_at`. A concurrent edit, typically a human's, makes the write fail with a conflict
 * instead of being overwritten. `text_content` follows `content`, and every write adds a
 * `page_history` row, in the same transaction (the tool's, when it gives one, since Kysely
 * cannot nest them).
 *
 * Provenance as Docmost's fork records an agent edit: `last_updated_source = 'agent'`, the chat
 * in `last_updated_ai_chat_id`, the human the agent acts for in `last_updated_by_id` and, once,
 * in `contributor_ids`; the history row copies these from the page as saved.
 *
 * `ydoc` is cleared so Docmost rebuilds the collaborative document from the JSON. That is only
 * safe for pages nobody has open: on a live Docmost, the host binds its collaboration server's
 * writer instead.
 */
export const databasePageWriter: PageWriter = Object.freeze({
  updatePage(update: PageUpdate): Promise<WrittenPage> {
    const { db } = update;
    return db.isTransaction
      ? updateInTransaction(db, update)
      : db.transaction().execute((trx) => updateInTransaction(trx, update));
  },
  createPage(creation: PageCreation): Promise<CreatedPage | null> {
    const { db } = creation;
    return db.isTransaction
      ? insertPage(db, creation)
      : db.transaction().execute((trx) => insertPage(trx, creation));
  },
});
