import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue, Page } from '../../database';
import { requirePage, type AccessiblePage } from '../access/page-access';
import { agentPageEdit, type ProvenanceContext } from './agent-provenance';
import { extractText } from '../prosemirror/extract-text';
import {
  asDocument,
  type ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import { pageVersionConflict } from './page-version-conflict';
import { refuseUnstorableText } from './storable-text';

export interface PageChange {
  /** The new document; absent to keep the content (e.g. a rename). */
  readonly content?: ProseMirrorNode;
  readonly title?: string;
}

/** The page as written, its new `version`, and the id of the `page_history` row the write added. */
export type WrittenPage = Page & {
  readonly version: string;
  readonly historyId: string;
};

/**
 * Writes a page as one atomic compare-and-set: the update applies only if the page still has
 * `baseVersion` (its `updated_at` when the change was computed). A concurrent edit, typically a
 * human's, makes the write fail with a conflict instead of being overwritten. `text_content`
 * follows `content`, and every write adds a `page_history` row, in the same transaction.
 *
 * Provenance as Docmost's fork records an agent edit: `last_updated_source = 'agent'`, the chat
 * in `last_updated_ai_chat_id`, the human the agent acts for in `last_updated_by_id` and, once,
 * in `contributor_ids`. The history row copies these from the page as saved, and its `version`
 * is NULL as in the rows Docmost writes: versions are addressed by history id.
 *
 * `ydoc` is cleared so Docmost rebuilds the collaborative document from the JSON; on a live
 * Docmost, writes to open pages must go through its collaboration server instead (README).
 *
 * Given a transaction, it runs inside it (Kysely cannot nest transactions), so a caller can
 * make another row change atomic with the page write, e.g. a comment and its anchor mark.
 */
export async function writePage(
  db: Kysely<DB>,
  context: ProvenanceContext,
  page: Pick<AccessiblePage, 'id' | 'version'>,
  change: PageChange,
): Promise<WrittenPage> {
  if (change.content) refuseUnstorableText(change.content, 'the new content');
  if (change.title !== undefined)
    refuseUnstorableText(change.title, 'the title');
  const write = async (trx: Kysely<DB>): Promise<WrittenPage> => {
    const updated = await trx
      .updateTable('pages')
      .set({
        ...(change.content
          ? {
              content: change.content as unknown as JsonValue,
              textContent: extractText(change.content),
              ydoc: null,
            }
          : {}),
        ...(change.title !== undefined ? { title: change.title } : {}),
        updatedAt: sql<Date>`clock_timestamp()`,
        ...agentPageEdit(context),
      })
      .where('id', '=', page.id)
      .where('deletedAt', 'is', null)
      .where(sql<boolean>`updated_at = ${page.version}::text::timestamptz`)
      .returningAll()
      .returning(sql<string>`updated_at::text`.as('version'))
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
    const history = await trx
      .insertInto('pageHistory')
      .columns([
        'pageId',
        'slugId',
        'title',
        'content',
        'icon',
        'coverPhoto',
        'version',
        'lastUpdatedById',
        'contributorIds',
        'lastUpdatedSource',
        'lastUpdatedAiChatId',
        'spaceId',
        'workspaceId',
      ])
      .expression(
        // Copied in SQL from the row just written, as Docmost copies the page at save time.
        trx
          .selectFrom('pages')
          .select([
            'id',
            'slugId',
            'title',
            'content',
            'icon',
            'coverPhoto',
            sql<null>`null::integer`.as('version'),
            'lastUpdatedById',
            'contributorIds',
            'lastUpdatedSource',
            'lastUpdatedAiChatId',
            'spaceId',
            'workspaceId',
          ])
          .where('id', '=', updated.id),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...updated, historyId: history.id };
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export interface MutatePageResult {
  readonly before: AccessiblePage;
  readonly after: WrittenPage;
}

/**
 * Read-modify-write of one page's document for a caller with write access. `mutate` gets the
 * current document and returns the new one; the write is a compare-and-set on the version read.
 */
export async function mutatePage(
  db: Kysely<DB>,
  context: ProvenanceContext,
  pageIdOrSlugId: string,
  mutate: (
    document: ProseMirrorNode,
    page: AccessiblePage,
  ) => ProseMirrorNode | Promise<ProseMirrorNode>,
): Promise<MutatePageResult> {
  const before = await requirePage(db, context, pageIdOrSlugId, {
    write: true,
  });
  const content = await mutate(asDocument(before.content), before);
  const after = await writePage(db, context, before, { content });
  return { before, after };
}
