import type { Extension } from './hocuspocus';
import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../src';
import {
  fillFragment,
  DOCUMENT_FRAGMENT,
  Y,
  type YDoc,
  isUuid,
  addPageHistoryRow,
  AGENT_SOURCE,
  agentChatId,
  contributorIdsWith,
  asDocument,
  liveDocumentVersion,
  liveStoredDocument,
  type LiveStoredDocument,
} from '../../src';
import { pageIdOfDocument } from './document-name';
import type { CollaborationContext } from './collaboration-context';

/**
 * Loads and stores pages the way Docmost's persistence extension does: a page loads from
 * `pages.ydoc`, or is built from `pages.content` when it has no Yjs state (a page written by
 * the database writer, which clears `ydoc`); a store writes `content`, `text_content` and
 * `ydoc` together, only when the document changed since it was loaded or last stored, with the
 * provenance of whoever's change it stores (a person in the editor, or the agent through its
 * direct connection) and a `page_history` row.
 *
 * Unlike Docmost's (which converts the whole document and compares it with the page row on
 * every store), a store of an unchanged document costs nothing (its version is remembered until
 * it changes), and a store of a changed one converts the blocks that changed (the package's
 * `liveStoredDocument`) and lets PostgreSQL compare the result with the row: Hocuspocus stores
 * whenever a direct connection ends and after every agent change, and on a page of megabytes
 * each full store held the event loop for most of a second.
 */
export interface PagePersistenceOptions {
  /** True once the host stopped: a store then has no database left to write to. */
  readonly isClosed?: () => boolean;
  readonly logger?: { error(message: string): void };
}

export function pagePersistence(
  db: Kysely<DB>,
  { isClosed = () => false, logger = console }: PagePersistenceOptions = {},
): Extension {
  /** The version of each document as it was loaded or last stored. */
  const storedVersions = new WeakMap<YDoc, string>();
  return {
    async onLoadDocument({ documentName, document }) {
      try {
        const loaded = await loadPage(
          db,
          pageIdOfDocument(documentName),
          document,
        );
        storedVersions.set(loaded, liveDocumentVersion(loaded));
        return loaded;
      } catch (error) {
        // Hocuspocus 3 does not destroy a document whose load failed; its awareness timer
        // would otherwise run for the life of the process.
        document.destroy();
        throw error;
      }
    },

    async onStoreDocument({ documentName, document, context }) {
      if (isClosed()) return;
      // Unchanged since loaded or stored (a reader's disconnect, a read-only direct connection).
      if (storedVersions.get(document) === liveDocumentVersion(document))
        return;
      const pageId = pageIdOfDocument(documentName);
      const author = context as CollaborationContext | undefined;
      const stored = await liveStoredDocument(document);
      const state = Y.encodeStateAsUpdate(document);
      // A view of the encoded state, not a copy of its megabytes.
      const ydoc = Buffer.from(
        state.buffer,
        state.byteOffset,
        state.byteLength,
      );
      // A failed store must not throw: Hocuspocus runs debounced stores unawaited, and the
      // document stays in memory, stored again on its next change or disconnect.
      await storePage(db, pageId, stored, ydoc, author).then(
        () => storedVersions.set(document, stored.version),
        (error: unknown) =>
          logger.error(
            `collaboration: storing page ${pageId} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    },
  };
}

/**
 * Writes the document, its text and Yjs state with the author's provenance and a history row,
 * unless the row already holds that document (a change undone before the store): PostgreSQL
 * compares the two as jsonb, so neither is parsed or walked here.
 */
async function storePage(
  db: Kysely<DB>,
  pageId: string,
  stored: LiveStoredDocument,
  ydoc: Buffer,
  author: CollaborationContext | undefined,
): Promise<void> {
  const userId = author?.user?.id;
  await db.transaction().execute(async (trx) => {
    const page = await trx
      .selectFrom('pages')
      .select('workspaceId')
      .where('id', '=', pageId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!page) return;
    const agent = author?.source === AGENT_SOURCE;
    const knownUser = typeof userId === 'string' && isUuid(userId);
    const changed = await trx
      .updateTable('pages')
      // The JSON text as one parameter, sent once (postgres.js would encode a jsonb-typed one
      // again), compared with the row and written from the same value.
      .from(sql`(select ${stored.json}::text::jsonb as content)`.as('incoming'))
      .set({
        content: sql<JsonValue>`incoming.content`,
        textContent: stored.text,
        ydoc,
        updatedAt: sql<Date>`clock_timestamp()`,
        ...(knownUser
          ? {
              lastUpdatedById: userId,
              contributorIds: contributorIdsWith(userId),
              lastUpdatedSource: agent ? AGENT_SOURCE : 'user',
              lastUpdatedAiChatId: agent
                ? agentChatId({
                    userId,
                    workspaceId: page.workspaceId,
                    chatId: author?.aiChatId ?? undefined,
                  })
                : null,
            }
          : {}),
      })
      .where('pages.id', '=', pageId)
      .where(sql<boolean>`pages.content is distinct from incoming.content`)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) await addPageHistoryRow(trx, pageId);
  });
}

async function loadPage(
  db: Kysely<DB>,
  pageId: string,
  document: YDoc,
): Promise<YDoc> {
  const page = await db
    .selectFrom('pages')
    .select(['ydoc', 'content'])
    .where('id', '=', pageId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!page) return document;
  if (page.ydoc && page.ydoc.length > 0) {
    Y.applyUpdate(document, new Uint8Array(page.ydoc));
  } else {
    document.transact(() =>
      fillFragment(
        document.getXmlFragment(DOCUMENT_FRAGMENT),
        asDocument(page.content),
      ),
    );
  }
  return document;
}
