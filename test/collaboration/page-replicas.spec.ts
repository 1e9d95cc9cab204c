import { PageReplicas } from '../../host/collaboration/page-replicas';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  DOCUMENT_FRAGMENT,
  Y,
  fillFragment,
  fragmentToDocument,
  type YDoc,
} from '../../src/collaboration';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const PAGE = SEED_IDS.pages.releaseNotes;
const AUTHOR = { userId: SEED_IDS.users.owner };

/**
 * The replicas a store's worker keeps of the live pages: a replica takes a document's updates
 * and writes the page's row from its own state, and refuses (so the whole state is sent) when
 * it does not have the document or the updates do not bring it to the document's state.
 */
describe('PageReplicas', () => {
  let database: TestDatabase;
  let source: YDoc;
  let updates: Uint8Array[];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  beforeEach(() => {
    source = new Y.Doc();
    updates = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    source.transact(() =>
      fillFragment(source.getXmlFragment(DOCUMENT_FRAGMENT), {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Start.' }] },
        ],
      }),
    );
  });

  function type(text: string): Uint8Array {
    const paragraph = source.getXmlFragment(DOCUMENT_FRAGMENT).get(0);
    const line = (paragraph as InstanceType<typeof Y.XmlElement>).get(0);
    (line as InstanceType<typeof Y.XmlText>).insert(0, text);
    return updates.at(-1)!;
  }

  function storeOf(
    replicaId: string,
    sent: readonly Uint8Array[],
    fromEmpty: boolean,
  ) {
    return {
      pageId: PAGE,
      replicaId,
      fromEmpty,
      updates: sent,
      stateVector: Y.encodeStateVector(source),
      author: AUTHOR,
    };
  }

  async function storedContent(): Promise<unknown> {
    const row = await database.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', PAGE)
      .executeTakeFirstOrThrow();
    return row.content;
  }

  it('makes a replica from updates that start from an empty document, then takes later changes alone', async () => {
    const replicas = new PageReplicas();
    const [loaded] = updates;
    expect(
      await replicas.store(database.db, storeOf('a', [loaded!], true)),
    ).toBe('stored');
    const typed = type('One. ');
    expect(
      await replicas.store(database.db, storeOf('a', [typed], false)),
    ).toBe('stored');
    expect(await storedContent()).toEqual(
      fragmentToDocument(source.getXmlFragment(DOCUMENT_FRAGMENT)),
    );
  });

  it('refuses a replica it does not have, unless the updates start from an empty document', async () => {
    const replicas = new PageReplicas();
    expect(
      await replicas.store(database.db, storeOf('b', [type('Two. ')], false)),
    ).toBe('replica_missing');
  });

  it('refuses, and forgets the replica, when an update is missing, so the whole state is sent', async () => {
    const replicas = new PageReplicas();
    await replicas.store(database.db, storeOf('c', [updates[0]!], true));
    type('Skipped. ');
    const after = type('After. ');
    expect(
      await replicas.store(database.db, storeOf('c', [after], false)),
    ).toBe('replica_missing');
    // Forgotten: even the complete updates are refused now, until the whole state comes.
    expect(
      await replicas.store(database.db, storeOf('c', updates.slice(1), false)),
    ).toBe('replica_missing');
    expect(
      await replicas.store(
        database.db,
        storeOf('c', [Y.encodeStateAsUpdate(source)], true),
      ),
    ).toBe('stored');
    expect(await storedContent()).toEqual(
      fragmentToDocument(source.getXmlFragment(DOCUMENT_FRAGMENT)),
    );
  });

  it('forgets a dropped replica', async () => {
    const replicas = new PageReplicas();
    await replicas.store(database.db, storeOf('d', [updates[0]!], true));
    replicas.drop('d');
    expect(
      await replicas.store(database.db, storeOf('d', [type('Three. ')], false)),
    ).toBe('replica_missing');
  });
});
