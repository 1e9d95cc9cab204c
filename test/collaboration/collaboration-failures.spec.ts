import { SEED_IDS } from '../../host/seed/seed-ids';
import { Hocuspocus } from '../../host/collaboration/hocuspocus';
import { pagePersistence } from '../../host/collaboration/page-persistence';
import { CollaborationPages } from '../../src/collaboration';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const PAGE = SEED_IDS.pages.releaseNotes;

/**
 * The collaboration server failing under a write: a real Hocuspocus whose load of the page
 * fails (the server restarting, its database gone) or never finishes (a hung instance). The
 * tool answers `unavailable`, and the page is as it was.
 */
describe('live pages: the collaboration server failing', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  function toolsOver(
    server: Hocuspocus,
    connectTimeoutMs = 10_000,
  ): SeededTools {
    // No isDocumentLoaded: every read and write goes through the server, as with Docmost's gateway.
    const pages = new CollaborationPages({ server, connectTimeoutMs });
    return seededTools(database.db, {
      livePages: pages,
      pageWriter: pages.pageWriter(),
    });
  }

  it('answers unavailable and writes nothing when the server cannot load the page', async () => {
    const server = new Hocuspocus({
      extensions: [
        {
          async onLoadDocument({ document }) {
            // Hocuspocus 3 leaves a document whose load failed undestroyed (its awareness
            // timer would keep the process alive): destroyed here, as a host's hook should.
            document.destroy();
            throw new Error('collaboration server is restarting');
          },
        },
      ],
    });
    const tools = toolsOver(server);
    const before = await tools.page(PAGE);
    const error = await expectToolError(
      tools.call('editPageText', { pageId: PAGE, find: 'teh', replace: 'the' }),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(
      /collaboration server did not answer.*nothing was written/,
    );
    expect(await tools.page(PAGE)).toEqual(before);
  });

  it('answers unavailable within its deadline when the server never answers', async () => {
    let hung: (() => void) | undefined;
    const server = new Hocuspocus({
      extensions: [
        {
          onLoadDocument: ({ document }) =>
            new Promise<never>((_, reject) => {
              hung = () => {
                document.destroy();
                reject(new Error('stopped'));
              };
            }),
        },
      ],
    });
    const tools = toolsOver(server, 200);
    const before = await tools.page(PAGE);
    const error = await expectToolError(
      tools.call('getPage', { pageId: PAGE }),
    );
    expect(error.code).toBe('unavailable');
    expect(await tools.page(PAGE)).toEqual(before);
    hung?.();
  });

  it("writes through a server that loads pages nobody has open, as Docmost's gateway does", async () => {
    const server = new Hocuspocus({
      extensions: [pagePersistence(database.db)],
    });
    const tools = toolsOver(server);
    await tools.call('editPageText', {
      pageId: PAGE,
      find: 'Search results now show teh page path',
      replace: 'Search results now show the page path',
    });
    // The direct connection's transaction stores at once (Hocuspocus 3), with the agent's provenance.
    const stored = await database.db
      .selectFrom('pages')
      .select(['textContent', 'lastUpdatedSource', 'lastUpdatedById', 'ydoc'])
      .where('id', '=', PAGE)
      .executeTakeFirstOrThrow();
    expect(stored.textContent).toContain('show the page path');
    expect(stored.lastUpdatedSource).toBe('agent');
    expect(stored.lastUpdatedById).toBe(SEED_IDS.users.owner);
    expect(stored.ydoc).not.toBeNull();
  });
});
