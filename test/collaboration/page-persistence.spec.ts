import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  Hocuspocus,
  type Hocuspocus as HocuspocusServer,
} from '../../host/collaboration/hocuspocus';
import { pagePersistence } from '../../host/collaboration/page-persistence';
import {
  inThreadPageReplicas,
  type PageReplicaStore,
} from '../../host/collaboration/page-replicas';
import { PageStoreWorker } from '../../host/collaboration/page-store-worker';
import {
  DOCUMENT_FRAGMENT,
  Y,
  fragmentToDocument,
  type YDoc,
} from '../../src/collaboration';
import { extractText } from '../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const PAGE = SEED_IDS.pages.releaseNotes;
const DOCUMENT = `page.${PAGE}`;
const AUTHOR = { user: { id: SEED_IDS.users.owner } };

// The store's worker loads its modules through the TypeScript loader when it starts.
jest.setTimeout(60_000);

/**
 * The reference host's persistence, as Hocuspocus calls it: a store of a document nobody changed
 * writes nothing, a store of a changed one writes what the editors have (content, its plain text,
 * the Yjs state) once, with a history row and its author. The row is written on the event loop
 * (the default) or by `PageStoreWorker` on a connection of its own (the host's `npm start`).
 */
describe.each([
  ['through the host pool', false],
  ["by the store's worker", true],
])(
  "the reference host's collaboration persistence, rows written %s",
  (_, inWorker) => {
    let database: TestDatabase;
    let server: HocuspocusServer;
    let storeWorker: PageStoreWorker | undefined;
    /** Where this test's server keeps its replicas: the worker's, or its own thread's. */
    let replicas: PageReplicaStore;

    beforeAll(async () => {
      database = await createTestDatabase();
      if (inWorker)
        storeWorker = new PageStoreWorker({
          connectionString: database.url,
          driver: database.driver,
        });
    });

    afterAll(async () => {
      await storeWorker?.close();
      await database.drop();
    });

    beforeEach(() => {
      replicas = storeWorker ?? inThreadPageReplicas(database.db);
      server = serverStoringTo(replicas);
    });

    /**
     * The test's replica store, recording each store's outcome as `whole:…` (its updates start
     * from an empty document) or `changes:…`, under the replica name `rename` gives.
     */
    function recordingStore(
      outcomes: string[],
      rename: (replicaId: string) => string = (replicaId) => replicaId,
    ): PageReplicaStore {
      return {
        store: async (input) => {
          const outcome = await replicas.store({
            ...input,
            replicaId: rename(input.replicaId),
          });
          outcomes.push(`${input.fromEmpty ? 'whole' : 'changes'}:${outcome}`);
          return outcome;
        },
        drop: (replicaId) => replicas.drop(replicaId),
      };
    }

    afterEach(() => {
      // A test that failed with a connection open leaves its document loaded, and the
      // document's awareness timer would keep jest from exiting.
      for (const document of server.documents.values()) document.destroy();
    });

    function serverStoringTo(
      store: PageReplicaStore,
      logger?: { error(message: string): void },
    ): HocuspocusServer {
      return new Hocuspocus({
        quiet: true,
        extensions: [
          pagePersistence(database.db, {
            replicas: store,
            ...(logger === undefined ? {} : { logger }),
          }),
        ],
      });
    }

    async function row() {
      return database.db
        .selectFrom('pages')
        .select([
          sql<string>`updated_at::text`.as('version'),
          'content',
          'textContent',
          'ydoc',
          'lastUpdatedById',
          sql<number>`(select count(*)::int from page_history where page_id = pages.id)`.as(
            'historyRows',
          ),
        ])
        .where('id', '=', PAGE)
        .executeTakeFirstOrThrow();
    }

    /** A change through a direct connection, stored when the connection ends (Hocuspocus 3). */
    async function change(edit: (document: YDoc) => void): Promise<YDoc> {
      const connection = await server.openDirectConnection(DOCUMENT, AUTHOR);
      const document = connection.document!;
      await connection.transact(edit);
      await connection.disconnect();
      return document;
    }

    function firstText(document: YDoc) {
      const block = document.getXmlFragment(DOCUMENT_FRAGMENT).get(1);
      return (block as InstanceType<typeof Y.XmlElement>).get(
        0,
      ) as InstanceType<typeof Y.XmlText>;
    }

    it('writes nothing when a reader lets the page go unchanged', async () => {
      const before = await row();
      for (let read = 0; read < 3; read++) {
        const connection = await server.openDirectConnection(DOCUMENT, AUTHOR);
        await connection.disconnect();
      }
      expect(await row()).toEqual(before);
    });

    it('stores a change as the editors have it: content, its plain text and the Yjs state, with one history row and its author', async () => {
      await database.db
        .updateTable('pages')
        .set({ lastUpdatedById: null })
        .where('id', '=', PAGE)
        .execute();
      const before = await row();
      let document: YDoc | undefined;
      // Twice, so the second store converts only what changed since the first.
      for (const word of ['First ', 'Second ']) {
        document = await change((doc) => firstText(doc).insert(0, word));
      }
      const after = await row();
      const expected = fragmentToDocument(
        document!.getXmlFragment(DOCUMENT_FRAGMENT),
      );
      expect(after.content).toEqual(expected);
      expect(after.textContent).toBe(extractText(expected));
      expect(after.textContent).toContain('Second First ');
      expect(after.version).not.toBe(before.version);
      expect(after.historyRows).toBe(before.historyRows + 2);
      expect(after.lastUpdatedById).toBe(SEED_IDS.users.owner);
      const reloaded = new Y.Doc();
      Y.applyUpdate(reloaded, new Uint8Array(after.ydoc!));
      expect(
        fragmentToDocument(reloaded.getXmlFragment(DOCUMENT_FRAGMENT)),
      ).toEqual(expected);
    });

    it('writes nothing for a change undone before the store', async () => {
      await change((doc) => firstText(doc).insert(0, 'Kept '));
      const before = await row();
      await change((doc) => {
        firstText(doc).insert(0, 'Gone ');
        firstText(doc).delete(0, 'Gone '.length);
      });
      expect(await row()).toEqual(before);
    });

    it('stores text deleted in a change of its own (a deletion moves no state vector)', async () => {
      await change((doc) => firstText(doc).insert(0, 'Doomed '));
      expect((await row()).textContent).toContain('Doomed ');
      const document = await change((doc) =>
        firstText(doc).delete(0, 'Doomed '.length),
      );
      const after = await row();
      expect(after.textContent).not.toContain('Doomed ');
      expect(after.content).toEqual(
        fragmentToDocument(document.getXmlFragment(DOCUMENT_FRAGMENT)),
      );
    });

    it('stores a page built from its JSON (no stored Yjs state) with its whole state at the first change, then its changes alone', async () => {
      await database.db
        .updateTable('pages')
        .set({ ydoc: null })
        .where('id', '=', PAGE)
        .execute();
      const outcomes: string[] = [];
      server = serverStoringTo(recordingStore(outcomes));
      const connection = await server.openDirectConnection(DOCUMENT, AUTHOR);
      await connection.transact((doc) => firstText(doc).insert(0, 'Built '));
      await connection.transact((doc) => firstText(doc).insert(0, 'Then '));
      const document = connection.document!;
      await connection.disconnect();
      const after = await row();
      expect(after.textContent).toContain('Then Built ');
      const reloaded = new Y.Doc();
      Y.applyUpdate(reloaded, new Uint8Array(after.ydoc!));
      expect(
        fragmentToDocument(reloaded.getXmlFragment(DOCUMENT_FRAGMENT)),
      ).toEqual(fragmentToDocument(document.getXmlFragment(DOCUMENT_FRAGMENT)));
      expect(outcomes).toEqual([
        'changes:replica_missing',
        'whole:stored',
        'changes:stored',
      ]);
    });

    it('stores every change when the replica is lost before each store (a replaced store worker): the whole state is sent again', async () => {
      // The page with a stored Yjs state, so its first store starts from the loaded state.
      await change((doc) => firstText(doc).insert(0, 'Stored '));
      const outcomes: string[] = [];
      // A fresh replica name each time: the store finds no replica, as after a new worker.
      server = serverStoringTo(
        recordingStore(
          outcomes,
          (replicaId) => `${replicaId}:${outcomes.length}`,
        ),
      );
      // One connection for both changes, so the document stays loaded: each change is stored.
      const connection = await server.openDirectConnection(DOCUMENT, AUTHOR);
      await connection.transact((doc) =>
        firstText(doc).insert(0, 'Lost once '),
      );
      await connection.transact((doc) =>
        firstText(doc).insert(0, 'Lost twice '),
      );
      const document = connection.document!;
      await connection.disconnect();
      const after = await row();
      expect(after.textContent).toContain('Lost twice Lost once ');
      expect(after.content).toEqual(
        fragmentToDocument(document.getXmlFragment(DOCUMENT_FRAGMENT)),
      );
      // The first store starts from the loaded state; the second finds no replica, then sends it all.
      expect(outcomes).toEqual([
        'whole:stored',
        'changes:replica_missing',
        'whole:stored',
      ]);
    });

    it('logs a store that failed and sends its changes again with the next store', async () => {
      const errors: string[] = [];
      let failures = 1;
      const outcomes: string[] = [];
      server = serverStoringTo(
        {
          store: async (input) => {
            if (failures-- > 0) throw new Error('connection terminated');
            const outcome = await replicas.store(input);
            outcomes.push(outcome);
            return outcome;
          },
          drop: (replicaId) => replicas.drop(replicaId),
        },
        { error: (message) => errors.push(message) },
      );
      const before = await row();
      const connection = await server.openDirectConnection(DOCUMENT, AUTHOR);
      await connection.transact((doc) => firstText(doc).insert(0, 'Unsaved '));
      expect(await row()).toEqual(before);
      expect(errors).toEqual([
        `collaboration: storing page ${PAGE} failed: connection terminated`,
      ]);
      await connection.transact((doc) =>
        firstText(doc).insert(0, 'Then saved '),
      );
      expect((await row()).textContent).toContain('Then saved Unsaved ');
      // The failed store's updates went with the next one: its replica needed nothing more.
      expect(outcomes).toEqual(['stored']);
      await connection.disconnect();
    });
  },
);
