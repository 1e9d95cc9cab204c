import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { databasePageWriter, extractText } from '../../src';
import { contextFor } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const PAGE = SEED_IDS.pages.releaseNotes;

/**
 * The database writer sends a large document's JSON and text in pieces (one statement each, so
 * the event loop turns between them, see `stagedText`): what the page holds afterwards is the
 * document, character for character, and nothing of the pieces outlives the write.
 */
describe('databasePageWriter with a document of megabytes', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  /** Paragraphs whose text puts characters outside the BMP, accents and escapes everywhere. */
  function documentOf(paragraphs: number) {
    return {
      type: 'doc',
      content: Array.from({ length: paragraphs }, (_, index) => ({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            // 167 UTF-16 units: piece ends fall at every offset of the emoji's two halves.
            text: `${index} 😀é "quoted" \\ ${'x'.repeat(index % 97)}${'😀'.repeat(40)}`,
          },
        ],
      })),
    };
  }

  async function version(): Promise<string> {
    const row = await database.db
      .selectFrom('pages')
      .select(sql<string>`updated_at::text`.as('version'))
      .where('id', '=', PAGE)
      .executeTakeFirstOrThrow();
    return row.version;
  }

  it('stores the whole document and its text exactly, and leaves no staged table behind', async () => {
    const document = documentOf(20_000);
    expect(JSON.stringify(document).length).toBeGreaterThan(3_000_000);
    const written = await databasePageWriter.updatePage({
      db: database.db,
      context: contextFor('owner'),
      page: { id: PAGE, version: await version() },
      change: { content: document },
      toolName: 'updatePageJson',
    });
    expect(written.version).toBe(await version());
    const row = await database.db
      .selectFrom('pages')
      .select(['content', 'textContent'])
      .where('id', '=', PAGE)
      .executeTakeFirstOrThrow();
    expect(row.content).toEqual(document);
    expect(row.textContent).toBe(extractText(document));
    const staged = await sql<{
      count: number;
    }>`select count(*)::int as count from pg_class where relname = 'docmost_ai_tools_staged_text'`.execute(
      database.db,
    );
    expect(staged.rows[0]!.count).toBe(0);
  });

  it('writes nothing of a large document when the version moved on', async () => {
    const before = await version();
    await expect(
      databasePageWriter.updatePage({
        db: database.db,
        context: contextFor('owner'),
        page: { id: PAGE, version: '2001-01-01 00:00:00+00' },
        change: { content: documentOf(10_000) },
        toolName: 'updatePageJson',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await version()).toBe(before);
  });
});
