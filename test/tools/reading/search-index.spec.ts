import { CompiledQuery, sql, type Kysely } from 'kysely';
import { createKysely, type DB } from '../../../src/database';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { searchPages } from '../../../src/tools/reading/search-pages';
import { resolveExecutorDependencies } from '../../../src/tools/resolve-executor-dependencies';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import { contextFor } from '../../support/seeded-tools';

const owner = contextFor('owner');

/** The statements searchPages sends, as the database receives them. */
function recordingKysely(
  url: string,
  driver: TestDatabase['driver'],
  into: CompiledQuery[],
): Kysely<DB> {
  return createKysely({
    connectionString: url,
    driver,
    max: 2,
    log: (event) => void into.push(event.query),
  });
}

async function insertPage(
  db: Kysely<DB>,
  slugId: string,
  title: string,
  text: string,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into pages (slug_id, title, content, text_content, space_id, workspace_id, creator_id)
    values (${slugId}, ${title}, '{"type":"doc","content":[]}'::jsonb, ${text}, ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid, ${SEED_IDS.users.owner}::uuid)
    returning id`.execute(db);
  return rows[0]!.id;
}

describe('searchPages on Docmost’s full-text index', () => {
  let database: TestDatabase;
  let recorded: CompiledQuery[];
  let db: Kysely<DB>;

  beforeAll(async () => {
    database = await createTestDatabase();
    recorded = [];
    db = recordingKysely(database.url, database.driver, recorded);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('finds pages through pages.tsv with the GIN index pages_tsv_idx, in a workspace of thousands of pages', async () => {
    // Enough pages that reading them all costs more than the index, as in any real workspace.
    await sql`
      insert into pages (slug_id, title, content, text_content, space_id, workspace_id, creator_id)
      select 'filler' || i, 'Filler ' || i, '{"type":"doc","content":[]}'::jsonb, 'Routine filler text number ' || i || ' about nothing in particular.',
        ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid, ${SEED_IDS.users.owner}::uuid
      from generate_series(1, 5000) i`.execute(database.db);
    await sql`analyze pages`.execute(database.db);
    recorded.length = 0;
    const result = await searchPages(
      resolveExecutorDependencies(db),
      { query: 'roadm', limit: 10 },
      owner,
    );
    expect(result.hits.map((hit) => hit.id)).toContain(SEED_IDS.pages.roadmap);
    const statement = recorded.at(-1)!;
    expect(statement.sql).toMatch(/\btsv @@/);
    expect(statement.sql).not.toMatch(/to_tsvector/);
    const { rows } = await database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
    );
    expect(rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(
      /Bitmap Index Scan on pages_tsv_idx/,
    );
  });

  it('finds what Docmost’s trigger indexed: the title weighted above the body, prefixes and stems', async () => {
    const inTitle = await insertPage(
      database.db,
      'srchidx00001',
      'Zeppelin maintenance',
      'Checklist for the hangar crew.',
    );
    const inBody = await insertPage(
      database.db,
      'srchidx00002',
      'Hangar notes',
      'The zeppelin was inspected on Monday.',
    );
    const result = await searchPages(
      resolveExecutorDependencies(db),
      { query: 'zeppel', limit: 10 },
      owner,
    );
    expect(result.hits.map((hit) => hit.id)).toEqual([inTitle, inBody]);
    const stemmed = await searchPages(
      resolveExecutorDependencies(db),
      { query: 'inspecting', limit: 10 },
      owner,
    );
    expect(stemmed.hits.map((hit) => hit.id)).toEqual([inBody]);
  });

  it('answers a page of megabytes with a snippet near its start, and keeps the substring match for stop words', async () => {
    const huge = await insertPage(
      database.db,
      'srchidx00003',
      'Huge glossary',
      `${'aardvark quokka '.repeat(150_000)}final wombat`,
    );
    const result = await searchPages(
      resolveExecutorDependencies(db),
      { query: 'quokka', limit: 5 },
      owner,
    );
    expect(result.hits[0]?.id).toBe(huge);
    expect(result.hits[0]?.snippet.length).toBeLessThanOrEqual(201);
    const stopWords = await searchPages(
      resolveExecutorDependencies(db),
      { query: 'the', limit: 50 },
      owner,
    );
    expect(stopWords.hits.length).toBeGreaterThan(0);
    for (const hit of stopWords.hits)
      expect(`${hit.title} ${hit.snippet}`.toLowerCase()).toContain('the');
  });
});
