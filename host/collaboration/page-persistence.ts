import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  AGENT_ACTOR,
  asDocument,
  DOCUMENT_FRAGMENT,
  fillFragment,
  Y,
  type DB,
  type YDoc,
} from '../../src';
import type { CollaborationContext } from './collaboration-context';
import { pageIdOfDocument } from './document-name';
import type { Extension } from './hocuspocus';
import { inThreadPageReplicas, type PageReplicaStore } from './page-replicas';
import type { StoreAuthor } from './store-page-row';
import { CLUSTER_CATCH_UP_ORIGIN } from './cluster-catch-up';

/**
 * Loads and stores pages the way Docmost's persistence extension does: a page loads from
 * `pages.ydoc`, or is built from `pages.content` when it has no Yjs state (a page written by
 * the database writer, which clears `ydoc`); a store writes `content`, `text_content` and
 * `ydoc` together, only when the document changed since it was loaded or last stored, with the
 * provenance of whoever's change it stores (a person in the editor, or the agent through its
 * direct connection) and a `page_history` row.
 *
 * Unlike Docmost's (which converts and encodes the whole document on the server's thread and
 * compares it with the page row on every store), a store sends the document's updates since the
 * last store to a replica of it (`PageReplicas`, in the store's worker under the reference host's
 * `npm start`), which makes the row from its own state and lets PostgreSQL compare it with the
 * page's: Hocuspocus stores whenever a direct connection ends and after every agent change, and on
 * a page of megabytes each full store held the event loop for most of a second.
 */
export interface PagePersistenceOptions {
  /** True once the host stopped: a store then has no database left to write to. */
  readonly isClosed?: () => boolean;
  readonly logger?: { error(message: string): void };
  /**
   * Where the replicas are. Default: on this thread, rows written through `db`; the reference
   * host keeps them in a worker with its own connection (`PageStoreWorker`).
   */
  readonly replicas?: PageReplicaStore;
  /**
   * Stored size of `pages.content` (`pg_column_size`) up to which a page built from its JSON
   * keeps its build's update for its replica: its first store then sends only changes, cut by
   * author. A larger page's state is encoded (whole) only if a store needs it. Default 256 KB.
   */
  readonly keepBuildMaxBytes?: number;
}

/**
 * Who made an update: a connection's context (an editor, or the agent as a collaboration
 * client), `'store'` for a change without a connection (a direct connection's transaction: the
 * store's context says whose), `'elsewhere'` for one that came from another instance
 * through Redis, whose author this instance does not know, or `'loaded'` for the stored state
 * the document was loaded from (stored with the changes after it).
 */
type UpdateAuthor = CollaborationContext | 'store' | 'elsewhere' | 'loaded';

interface UnsentUpdate {
  readonly update: Uint8Array;
  readonly author: UpdateAuthor;
  /** The document's state vector once it had this update: where a store of a run ends. */
  readonly stateVector: Uint8Array;
}

/** What a loaded document's replica has not taken yet. */
interface ReplicaFeed {
  readonly replicaId: string;
  /** The document's updates not yet stored, oldest first (its stored state first, at load). */
  unsent: UnsentUpdate[];
  /**
   * True while `unsent` starts from an empty document, until a store made the replica; false
   * for a page built from its JSON, whose replica gets the whole state at the first store.
   */
  fromEmpty: boolean;
  /** Changed since loaded or last stored. */
  changed: boolean;
}

/** The transaction origins of changes from other instances (Hocuspocus' Redis extension, ours). */
const FROM_ELSEWHERE: ReadonlySet<unknown> = new Set([
  '__hocuspocus__redis__origin__',
  CLUSTER_CATCH_UP_ORIGIN,
]);

function authorOf(origin: unknown): UpdateAuthor {
  if (FROM_ELSEWHERE.has(origin)) return 'elsewhere';
  const context = (origin as { context?: unknown } | null | undefined)?.context;
  // A connection's change carries its context; any other is a server-side (direct) change.
  return typeof context === 'object' && context !== null
    ? (context as CollaborationContext)
    : 'store';
}

function storeAuthor(
  author: Exclude<UpdateAuthor, 'loaded'>,
  storeContext: CollaborationContext | undefined,
): StoreAuthor {
  if (author === 'elsewhere') return { actor: 'user' };
  const context = author === 'store' ? storeContext : author;
  return {
    userId: context?.user?.id,
    actor: context?.actor === AGENT_ACTOR ? AGENT_ACTOR : 'user',
    aiChatId: context?.aiChatId,
  };
}

/**
 * The unsent updates cut where their author changes, so a store records each author's changes
 * as theirs: the agent's change as the agent's, a person's typing before or after it as the
 * person's (Docmost's field: the connection context's `actor`).
 */
function runsOf(
  unsent: readonly UnsentUpdate[],
  storeContext: CollaborationContext | undefined,
): { updates: Uint8Array[]; author: StoreAuthor; stateVector: Uint8Array }[] {
  const runs: {
    updates: Uint8Array[];
    author: StoreAuthor;
    key: string;
    stateVector: Uint8Array;
  }[] = [];
  let loaded: Uint8Array[] = [];
  for (const { update, author, stateVector } of unsent) {
    if (author === 'loaded') {
      loaded.push(update);
      continue;
    }
    const resolved = storeAuthor(author, storeContext);
    const key = JSON.stringify(resolved);
    const last = runs.at(-1);
    if (last !== undefined && last.key === key) {
      last.updates.push(update);
      last.stateVector = stateVector;
    } else {
      runs.push({
        updates: [...loaded, update],
        author: resolved,
        key,
        stateVector,
      });
      loaded = [];
    }
  }
  return runs;
}

export function pagePersistence(
  db: Kysely<DB>,
  {
    isClosed = () => false,
    logger = console,
    replicas = inThreadPageReplicas(db),
    keepBuildMaxBytes = 256 * 1024,
  }: PagePersistenceOptions = {},
): Extension {
  const feeds = new WeakMap<YDoc, ReplicaFeed>();
  return {
    async onLoadDocument({ documentName, document }) {
      try {
        const loaded = await loadPage(
          db,
          pageIdOfDocument(documentName),
          document,
          keepBuildMaxBytes,
        );
        const feed: ReplicaFeed = {
          replicaId: `${documentName}:${randomUUID()}`,
          unsent: (loaded ?? []).map((update) => ({
            update,
            author: 'loaded' as const,
            stateVector: Y.encodeStateVector(document),
          })),
          fromEmpty: loaded !== undefined,
          changed: false,
        };
        feeds.set(document, feed);
        document.on('update', (update: Uint8Array, origin: unknown) => {
          feed.unsent.push({
            update,
            author: authorOf(origin),
            // A few bytes per writer of the page: where a run of one author's updates ends.
            stateVector: Y.encodeStateVector(document),
          });
          feed.changed = true;
        });
        document.on('destroy', () => replicas.drop(feed.replicaId));
        // Nothing is returned: Hocuspocus would encode a returned document and apply it to
        // itself (~450 ms for a 6 MB page) when this one already holds the page.
      } catch (error) {
        // Hocuspocus 3 does not destroy a document whose load failed; its awareness timer
        // would otherwise run for the life of the process.
        document.destroy();
        throw error;
      }
    },

    async onStoreDocument({ documentName, document, context }) {
      const feed = feeds.get(document);
      // Unchanged since loaded or stored (a reader's disconnect, a read-only direct connection).
      if (isClosed() || feed === undefined || !feed.changed) return;
      const pageId = pageIdOfDocument(documentName);
      const storeContext = context as CollaborationContext | undefined;
      feed.changed = false;
      const unsent = feed.unsent;
      feed.unsent = [];
      const runs = runsOf(unsent, storeContext);
      let done = 0;
      try {
        for (const run of runs) {
          const outcome = await replicas.store({
            pageId,
            replicaId: feed.replicaId,
            updates: run.updates,
            stateVector: run.stateVector,
            fromEmpty: feed.fromEmpty,
            author: run.author,
          });
          if (outcome === 'replica_missing') break;
          feed.fromEmpty = false;
          done++;
        }
        if (done < runs.length) {
          // A new store worker, an evicted replica, or a page built from its JSON: the whole
          // state, encoded here (~60–90 ms for a 6 MB page), once, stored as a person's unless
          // every change left was the agent's.
          const left = runs.slice(done);
          const outcome = await replicas.store({
            pageId,
            replicaId: feed.replicaId,
            updates: [Y.encodeStateAsUpdate(document)],
            stateVector: Y.encodeStateVector(document),
            fromEmpty: true,
            author: left.every((run) => run.author.actor === AGENT_ACTOR)
              ? left.at(-1)!.author
              : { actor: 'user' },
          });
          if (outcome === 'replica_missing')
            throw new Error("its replica did not reach the document's state");
          feed.fromEmpty = false;
        }
      } catch (error) {
        // A failed store must not throw: Hocuspocus runs debounced stores unawaited, and the
        // document stays in memory, stored again on its next change or disconnect. Applying an
        // update twice changes nothing, so the updates not stored are sent again then.
        const storedUpdates = runs
          .slice(0, done)
          .reduce((count, run) => count + run.updates.length, 0);
        feed.unsent = [...unsent.slice(storedUpdates), ...feed.unsent];
        feed.changed = true;
        logger.error(
          `collaboration: storing page ${pageId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/**
 * Loads the page into `document`. Returns the updates that make the loaded document from an
 * empty one (the stored Yjs state; none for a page that is gone), or undefined for a page built
 * from its JSON: its state is encoded only if a store needs it (the replica then asks for it).
 */
async function loadPage(
  db: Kysely<DB>,
  pageId: string,
  document: YDoc,
  keepBuildMaxBytes: number,
): Promise<Uint8Array[] | undefined> {
  const page = await db
    .selectFrom('pages')
    .select([
      'ydoc',
      'content',
      sql<string>`updated_at::text`.as('version'),
      sql<number>`pg_column_size(content)`.as('contentBytes'),
    ])
    .where('id', '=', pageId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!page) return [];
  if (page.ydoc && page.ydoc.length > 0) {
    const state = new Uint8Array(
      page.ydoc.buffer,
      page.ydoc.byteOffset,
      page.ydoc.byteLength,
    );
    withoutUpdateListeners(document, () => Y.applyUpdate(document, state));
    return [state];
  }
  const content = asDocument(page.content);
  // Built under a client id made from the row's version: two instances building the same page
  // from the same row make the very same Yjs items, so their copies merge into one document instead
  // of holding the page twice. The document's own id is back before anyone edits it.
  const clientID = document.clientID;
  document.clientID = buildClientId(pageId, page.version);
  // A small page's build is kept as its replica's first update (encoding it costs little), so
  // its first store needs no whole state and each author's changes are stored as theirs; a
  // large page's is encoded only if a store needs it.
  const built: Uint8Array[] = [];
  const keepBuild = (update: Uint8Array) => built.push(update);
  try {
    withoutUpdateListeners(document, () => {
      if (Number(page.contentBytes) <= keepBuildMaxBytes)
        document.on('update', keepBuild);
      try {
        document.transact(() =>
          fillFragment(document.getXmlFragment(DOCUMENT_FRAGMENT), content),
        );
      } finally {
        document.off('update', keepBuild);
      }
    });
  } finally {
    document.clientID = clientID;
  }
  return built.length > 0 ? built : undefined;
}

/**
 * A Yjs client id (32 bits) that only the same version of the same page row gets (a row's
 * `updated_at` moves with every write of its content).
 */
function buildClientId(pageId: string, version: string): number {
  return createHash('sha256')
    .update(`${pageId}\n${version}`)
    .digest()
    .readUInt32BE(0);
}

/**
 * Runs `change` with the document's `update` listeners off: Yjs encodes a transaction's update
 * only when someone listens, and the one listener of a document being loaded (Hocuspocus's, which
 * sends updates to connections) has no connection yet. The stored state, applied, would be
 * encoded again for nobody (50–100 ms for a 6 MB page).
 */
function withoutUpdateListeners(document: YDoc, change: () => void): void {
  const listeners = [...(document._observers.get('update') ?? [])];
  for (const listener of listeners) document.off('update', listener);
  try {
    change();
  } finally {
    for (const listener of listeners) document.on('update', listener);
  }
}
