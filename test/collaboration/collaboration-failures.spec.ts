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

  const opened: CollaborationPages[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((pages) => pages.close()));
    jest.restoreAllMocks();
  });

  /**
   * What Hocuspocus prints (console.error) for a hook that fails, kept instead of printed: the
   * failures here are on purpose.
   */
  function recordHookErrors(): unknown[][] {
    return jest.spyOn(console, 'error').mockImplementation(() => undefined).mock
      .calls;
  }

  function toolsOver(
    server: Hocuspocus,
    { connectTimeoutMs = 10_000, connectionLingerMs = 10_000 } = {},
  ): SeededTools {
    // No isDocumentLoaded: every read and write goes through the server, as with Docmost's gateway.
    const pages = new CollaborationPages({
      server,
      connectTimeoutMs,
      connectionLingerMs,
    });
    opened.push(pages);
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
    const hookErrors = recordHookErrors();
    const before = await tools.page(PAGE);
    const error = await expectToolError(
      tools.call('editPageText', { pageId: PAGE, find: 'teh', replace: 'the' }),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(
      /collaboration server did not answer.*nothing was written/,
    );
    expect(await tools.page(PAGE)).toEqual(before);
    expect(hookErrors).toContainEqual([
      '[onLoadDocument]',
      'collaboration server is restarting',
    ]);
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
    const tools = toolsOver(server, { connectTimeoutMs: 200 });
    const hookErrors = recordHookErrors();
    const before = await tools.page(PAGE);
    const error = await expectToolError(
      tools.call('getPage', { pageId: PAGE }),
    );
    expect(error.code).toBe('unavailable');
    expect(await tools.page(PAGE)).toEqual(before);
    hung?.();
    // The load ended by the test fails in Hocuspocus after the tool gave up on it.
    await new Promise<void>((resolve) => {
      const check = () =>
        hookErrors.length > 0 ? resolve() : setTimeout(check, 10);
      check();
    });
    expect(hookErrors).toContainEqual(['[onLoadDocument]', 'stopped']);
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

  it('merges a write into a page loaded again since the read, from a page without stored Yjs state', async () => {
    const server = new Hocuspocus({
      extensions: [pagePersistence(database.db)],
    });
    // No connection lingers after the read, so nobody holds the page.
    const tools = toolsOver(server, { connectionLingerMs: 0 });
    const pageId = SEED_IDS.pages.pricing;
    await database.db
      .updateTable('pages')
      .set({ ydoc: null })
      .where('id', '=', pageId)
      .execute();
    const read = await tools.call('getPageJson', { pageId });
    // Nobody holds the page: the server unloads it after the read's connection ends, and the
    // write loads it again from pages.content, as new Yjs items.
    const deadline = Date.now() + 5000;
    while (server.documents.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.documents.size).toBe(0);
    const doc = read.content as { content: { type: string }[] };
    await tools.call('updatePageJson', {
      pageId,
      baseVersion: read.version,
      doc: {
        ...doc,
        content: [
          ...doc.content,
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Added after a reload.' }],
          },
        ],
      },
    });
    const stored = await database.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    const blocks = (stored.content as { content: { type: string }[] }).content;
    // Where the model put it: after every block it read, not before them.
    expect(blocks).toHaveLength(doc.content.length + 1);
    expect(JSON.stringify(blocks.at(-1))).toContain('Added after a reload.');
    expect(blocks[0]!.type).toBe(doc.content[0]!.type);
  });
});
