import { sql, type Kysely } from 'kysely';
import { createKysely, type DB } from '../../src/database';
import {
  createTestDatabase,
  testDatabaseDriver,
  type TestDatabase,
} from '../support/test-database';

/**
 * Transactions on a pool the module opens (`createKysely`), on either driver. On postgres.js the
 * module's own driver holds each transaction in postgres.js's `begin` instead of reserving a
 * connection, so what Kysely promises must still hold: a rollback leaves nothing, a raw BEGIN on
 * `db.connection()` pins its statements until COMMIT or ROLLBACK, and a transaction left open
 * when its connection is released is rolled back, its connection free for others.
 */
let database: TestDatabase;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createKysely({
    connectionString: database.url,
    driver: testDatabaseDriver(),
    max: 2,
  });
  await sql`create table transaction_probe (value text not null)`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

async function probeValues(): Promise<string[]> {
  const { rows } = await sql<{
    value: string;
  }>`select value from transaction_probe order by value`.execute(db);
  return rows.map((row) => row.value);
}

beforeEach(async () => {
  await sql`delete from transaction_probe`.execute(db);
});

it(`commits a transaction and rolls back one that throws (${testDatabaseDriver()})`, async () => {
  await db.transaction().execute(async (transaction) => {
    await sql`insert into transaction_probe values ('kept')`.execute(
      transaction,
    );
  });
  await expect(
    db.transaction().execute(async (transaction) => {
      await sql`insert into transaction_probe values ('dropped')`.execute(
        transaction,
      );
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await probeValues()).toEqual(['kept']);
});

it('sees its own uncommitted writes inside the transaction, and others do not', async () => {
  await db.transaction().execute(async (transaction) => {
    await sql`insert into transaction_probe values ('inside')`.execute(
      transaction,
    );
    const inside = await sql<{
      count: number;
    }>`select count(*)::int as count from transaction_probe`.execute(
      transaction,
    );
    expect(inside.rows[0]!.count).toBe(1);
    expect(await probeValues()).toEqual([]);
  });
  expect(await probeValues()).toEqual(['inside']);
});

it('pins the statements between a raw BEGIN and ROLLBACK on db.connection()', async () => {
  await db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    await sql`insert into transaction_probe values ('raw')`.execute(connection);
    const seen = await sql<{
      count: number;
    }>`select count(*)::int as count from transaction_probe`.execute(
      connection,
    );
    expect(seen.rows[0]!.count).toBe(1);
    await sql`rollback`.execute(connection);
  });
  expect(await probeValues()).toEqual([]);
});

it('rolls back a raw transaction left open when its connection is released, and the pool goes on', async () => {
  await expect(
    db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`insert into transaction_probe values ('abandoned')`.execute(
        connection,
      );
      throw new Error('gave up');
    }),
  ).rejects.toThrow('gave up');
  // Both connections of the pool serve again (none is stuck in the abandoned transaction).
  await Promise.all([probeValues(), probeValues(), probeValues()]);
  expect(await probeValues()).toEqual([]);
});
