import type { Extension } from './hocuspocus';
import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import {
  fillFragment,
  DOCUMENT_FRAGMENT,
  Y,
  type YDoc,
  asDocument,
  liveDocumentVersion,
  liveStoredDocument,
} from '../../src';
import { pageIdOfDocument } from './document-name';
import type { CollaborationContext } from './collaboration-context';
import { storePageRow, type PageRowStore } from './store-page-row';

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
  /**
   * Writes a store's row. Default: through `db` on this thread; the reference host hands it to
   * a worker with its own connection (`PageStoreWorker`).
   */
  readonly writeRow?: (row: PageRowStore) => Promise<void>;
}

/** Times a store makes the stored form when the document keeps changing while it does. */
const MAX_STORE_ATTEMPTS = 3;

export function pagePersistence(
  db: Kysely<DB>,
  {
    isClosed = () => false,
    logger = console,
    writeRow = (row) => storePageRow(db, row),
  }: PagePersistenceOptions = {},
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
      // The stored form is made over a few turns (in slices); the Yjs state is encoded in one,
      // after it. A change in between would store a document older than its Yjs state: made
      // again then, twice at most (someone typing all the time), and the next store catches up.
      let stored = await liveStoredDocument(document);
      for (
        let attempt = 1;
        attempt < MAX_STORE_ATTEMPTS &&
        liveDocumentVersion(document) !== stored.version;
        attempt++
      )
        stored = await liveStoredDocument(document);
      const ydoc = Y.encodeStateAsUpdate(document);
      // A failed store must not throw: Hocuspocus runs debounced stores unawaited, and the
      // document stays in memory, stored again on its next change or disconnect.
      await writeRow({
        pageId,
        json: stored.json,
        text: stored.text,
        ydoc,
        author: {
          userId: author?.user?.id,
          source: author?.source,
          aiChatId: author?.aiChatId,
        },
      }).then(
        () => storedVersions.set(document, stored.version),
        (error: unknown) =>
          logger.error(
            `collaboration: storing page ${pageId} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    },
  };
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
