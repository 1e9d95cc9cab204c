import { createHash } from 'node:crypto';
import type { Extension } from './hocuspocus';
import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../src';
import {
  blockFingerprint,
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
  type ProseMirrorNode,
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
 * every store), a store of an unchanged document costs one hash of its Yjs state, and a store
 * of a changed one converts the blocks that changed (the package's `liveStoredDocument`): Hocuspocus
 * stores whenever a direct connection ends, and on a page of megabytes each full store held the
 * event loop for most of a second.
 */
export interface PagePersistenceOptions {
  /** True once the host stopped: a store then has no database left to write to. */
  readonly isClosed?: () => boolean;
  readonly logger?: { error(message: string): void };
}

/** What was stored (or loaded) last of a document: its version and its content's hash. */
interface StoredState {
  readonly version: string;
  /** Unknown until this process stored the document (a load does not convert it). */
  readonly contentHash?: string;
}

function contentHash(json: string): string {
  return createHash('sha1').update(json).digest('base64url');
}

export function pagePersistence(
  db: Kysely<DB>,
  { isClosed = () => false, logger = console }: PagePersistenceOptions = {},
): Extension {
  const storedStates = new WeakMap<YDoc, StoredState>();
  return {
    async onLoadDocument({ documentName, document }) {
      try {
        const loaded = await loadPage(
          db,
          pageIdOfDocument(documentName),
          document,
        );
        storedStates.set(loaded, { version: liveDocumentVersion(loaded) });
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
      const before = storedStates.get(document);
      // Unchanged since loaded or stored (a reader's disconnect, a read-only direct connection).
      if (before?.version === liveDocumentVersion(document)) return;
      const pageId = pageIdOfDocument(documentName);
      const author = context as CollaborationContext | undefined;
      const userId = author?.user?.id;
      const stored = await liveStoredDocument(document);
      const hash = contentHash(stored.json);
      // Changed and changed back: the same content is not a save.
      if (before?.contentHash === hash) {
        storedStates.set(document, {
          version: stored.version,
          contentHash: hash,
        });
        return;
      }
      const ydoc = Buffer.from(Y.encodeStateAsUpdate(document));
      // A failed store must not throw: Hocuspocus runs debounced stores unawaited, and the
      // document stays in memory, stored again on its next change or disconnect.
      await storePage(db, pageId, stored, ydoc, author, userId, {
        // What this load of the document stored is unknown: the row says (once per load).
        compareWithRow: before?.contentHash === undefined,
      }).then(
        () =>
          storedStates.set(document, {
            version: stored.version,
            contentHash: hash,
          }),
        (error: unknown) =>
          logger.error(
            `collaboration: storing page ${pageId} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    },
  };
}

async function storePage(
  db: Kysely<DB>,
  pageId: string,
  stored: LiveStoredDocument,
  ydoc: Buffer,
  author: CollaborationContext | undefined,
  userId: string | undefined,
  { compareWithRow }: { readonly compareWithRow: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const page = await trx
      .selectFrom('pages')
      .select([
        'workspaceId',
        compareWithRow
          ? sql<string | null>`content::text`.as('content')
          : sql<null>`null`.as('content'),
      ])
      .where('id', '=', pageId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!page) return;
    // Equal documents are not a save (a change undone before the store).
    if (
      compareWithRow &&
      blockFingerprint(JSON.parse(stored.json) as ProseMirrorNode) ===
        blockFingerprint(asDocument(page.content && JSON.parse(page.content)))
    )
      return;
    const agent = author?.source === AGENT_SOURCE;
    const knownUser = typeof userId === 'string' && isUuid(userId);
    await trx
      .updateTable('pages')
      .set({
        // The JSON text as one parameter (postgres.js would encode a jsonb-typed one again).
        content: sql<JsonValue>`${stored.json}::text::jsonb`,
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
      .where('id', '=', pageId)
      .execute();
    await addPageHistoryRow(trx, pageId);
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
