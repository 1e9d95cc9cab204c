import { sql } from 'kysely';
import { createKysely } from '../../src/database';
import {
  createTestDatabase,
  testDatabaseDriver,
  type TestDatabase,
} from '../support/test-database';

/**
 * Docmost's DATABASE_URL as its .env has it, `?schema=public` included: every pool the module
 * opens (its own, and the comment signal's count pool) connects with it as given, on the
 * driver under test (postgres.js would send the parameter to PostgreSQL, which refuses it).
 */
describe("Docmost's DATABASE_URL with ?schema=public", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('connects and queries through the driver under test', async () => {
    const url = new URL(database.url);
    url.searchParams.set('schema', 'public');
    const db = createKysely({
      connectionString: url.toString(),
      driver: testDatabaseDriver(),
      max: 1,
    });
    try {
      const row = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(row.rows[0]?.one).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
