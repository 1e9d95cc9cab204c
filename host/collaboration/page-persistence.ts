import type { Extension } from './hocuspocus';
import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../src';
import {
  blockFingerprint,
  fillFragment,
  fragmentToDocument,
  DOCUMENT_FRAGMENT,
  Y,
  type YDoc,
  isUuid,
  addPageHistoryRow,
  AGENT_SOURCE,
  agentChatId,
  contributorIdsWith,
  asDocument,
  type ProseMirrorNode,
  extractText,
} from '../../src';
import { pageIdOfDocument } from './document-name';
import type { CollaborationContext } from './collaboration-context';

/**
 * Loads and stores pages the way Docmost's persistence extension does: a page loads from
 * `pages.ydoc`, or is built from `pages.content` when it has no Yjs state (a page written by
 * the database writer, which clears `ydoc`); a store writes `content`, `text_content` and
 * `ydoc` together, only when the document differs from the stored content, with the provenance
 * of whoever's change it stores (a person in the editor, or the agent through its direct
 * connection) and a `page_history` row.
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
  return {
    async onLoadDocument({ documentName, document }) {
      try {
        return await loadPage(db, pageIdOfDocument(documentName), document);
      } catch (error) {
        // Hocuspocus 3 does not destroy a document whose load failed; its awareness timer
        // would otherwise run for the life of the process.
        document.destroy();
        throw error;
      }
    },

    async onStoreDocument({ documentName, document, context }) {
      if (isClosed()) return;
      const pageId = pageIdOfDocument(documentName);
      const author = context as CollaborationContext | undefined;
      const userId = author?.user?.id;
      const content = fragmentToDocument(
        document.getXmlFragment(DOCUMENT_FRAGMENT),
      );
      const ydoc = Buffer.from(Y.encodeStateAsUpdate(document));
      // A failed store must not throw: Hocuspocus runs debounced stores unawaited, and the
      // document stays in memory, stored again on its next change or disconnect.
      await storePage(db, pageId, content, ydoc, author, userId).catch(
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
  content: ProseMirrorNode,
  ydoc: Buffer,
  author: CollaborationContext | undefined,
  userId: string | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const page = await trx
      .selectFrom('pages')
      .select(['content', 'workspaceId'])
      .where('id', '=', pageId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!page) return;
    // Equal documents are not a save (a reader's disconnect, a read-only direct connection).
    if (
      blockFingerprint(content) === blockFingerprint(asDocument(page.content))
    )
      return;
    const agent = author?.source === AGENT_SOURCE;
    const knownUser = typeof userId === 'string' && isUuid(userId);
    await trx
      .updateTable('pages')
      .set({
        content: content as unknown as JsonValue,
        textContent: extractText(content),
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
