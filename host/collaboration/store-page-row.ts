import { sql, type Kysely } from 'kysely';
import {
  addPageHistoryRow,
  AGENT_SOURCE,
  agentChatId,
  contributorIdsWith,
  isUuid,
  type DB,
  type JsonValue,
} from '../../src';

/**
 * Whose change a store writes: plain data, so it crosses to the store's worker as it is. No
 * `userId` with `actor: 'user'`: a person's change that reached this instance from another
 * (its author unknown here), stored as a person's, never as the agent's.
 */
export interface StoreAuthor {
  readonly userId?: string;
  /** `'agent'` for the agent's changes (what Docmost's persistence reads), else `'user'`. */
  readonly actor?: string;
  readonly aiChatId?: string | null;
}

/** One store of a live page: what `pages` gets. */
export interface PageRowStore {
  readonly pageId: string;
  /** `pages.content`: the document as ProseMirror JSON text. */
  readonly json: string;
  /** `pages.text_content`. */
  readonly text: string;
  /** `pages.ydoc`: the encoded Yjs state. */
  readonly ydoc: Uint8Array;
  readonly author: StoreAuthor;
}

/**
 * Writes the document, its text and Yjs state with the author's provenance and a history row,
 * unless the row already holds that document (a change undone before the store): PostgreSQL
 * compares the two as jsonb, so neither is parsed or walked here.
 */
export async function storePageRow(
  db: Kysely<DB>,
  { pageId, json, text, ydoc, author }: PageRowStore,
): Promise<void> {
  const { userId } = author;
  await db.transaction().execute(async (trx) => {
    const page = await trx
      .selectFrom('pages')
      .select('workspaceId')
      .where('id', '=', pageId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!page) return;
    const agent = author.actor === AGENT_SOURCE;
    const knownUser = typeof userId === 'string' && isUuid(userId);
    const changed = await trx
      .updateTable('pages')
      // The JSON text as one parameter, sent once (postgres.js would encode a jsonb-typed one
      // again), compared with the row and written from the same value.
      .from(sql`(select ${json}::text::jsonb as content)`.as('incoming'))
      .set({
        content: sql<JsonValue>`incoming.content`,
        textContent: text,
        // A view of the encoded state, not a copy of its megabytes.
        ydoc: Buffer.from(ydoc.buffer, ydoc.byteOffset, ydoc.byteLength),
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
                    chatId: author.aiChatId ?? undefined,
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
