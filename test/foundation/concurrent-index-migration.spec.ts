import { sql, type Kysely } from 'kysely';
import {
  createKysely,
  migrateAiToolsModule,
  revertAiToolsModule,
} from '../../src';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/** Resolves after `condition` holds, polling; fails naming `what` after 15 s. */
async function waitFor(
  what: string,
  condition: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// `migrate: true` on a busy Docmost: the module's indexes on `comments` are built concurrently,
// so a comment written while the build runs is stored at once instead of queueing behind it.
describe("the module's migrations on a Docmost whose comments are being written", () => {
  let database: TestDatabase;
  let other: Kysely<any>;
  let comment: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    other = createKysely({ connectionString: database.url, max: 3 });
    await revertAiToolsModule(database.db as Kysely<any>);
    const page = await database.db
      .selectFrom('pages')
      .select(['id', 'spaceId', 'workspaceId', 'creatorId'])
      .where('creatorId', 'is not', null)
      .executeTakeFirstOrThrow();
    comment = {
      pageId: page.id,
      spaceId: page.spaceId,
      workspaceId: page.workspaceId,
      creatorId: page.creatorId!,
    };
  });
  afterAll(async () => {
    await other.destroy();
    await database.drop();
  });

  function insertComment(db: Kysely<any>, text: string) {
    return db
      .insertInto('comments')
      .values({
        ...comment,
        content: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('builds the comment index while a comment write is in flight, and new comment writes are not blocked', async () => {
    // A comment write still in its transaction when the migration starts: a plain
    // `create index` would wait for it, and every later comment write would queue behind that.
    let commitInFlight!: () => void;
    const inFlightMayCommit = new Promise<void>((resolve) => {
      commitInFlight = resolve;
    });
    let inFlightInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      inFlightInserted = resolve;
    });
    const inFlight = other.transaction().execute(async (trx) => {
      await insertComment(trx, 'in flight');
      inFlightInserted();
      await inFlightMayCommit;
    });
    await inserted;

    const migrating = migrateAiToolsModule(database.db as Kysely<any>);
    await waitFor('the index build to start', async () => {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from pg_stat_activity
        where datname = current_database() and query ilike 'create index%'`.execute(
        other,
      );
      return Number(rows[0]!.count) > 0;
    });

    // Meanwhile a person comments: stored within the lock timeout, not after the build.
    const written = await other.connection().execute(async (connection) => {
      await sql`set lock_timeout = '3s'`.execute(connection);
      try {
        return await insertComment(connection, 'during the build');
      } finally {
        await sql`reset lock_timeout`.execute(connection);
      }
    });
    expect(written.id).toEqual(expect.any(String));

    commitInFlight();
    await inFlight;
    const applied = await migrating;
    expect(applied).toEqual(
      expect.arrayContaining([
        'module/20250101T000200-comments-page-created-index up',
        'module/20250101T000500-comments-count-covering-index up',
      ]),
    );
    const { rows } = await sql<{ definition: string; valid: boolean }>`
      select pg_get_indexdef(i.indexrelid) as definition, i.indisvalid as valid
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = 'idx_comments_page_id_created_at'`.execute(other);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.valid).toBe(true);
    expect(rows[0]!.definition).toMatch(/WHERE \(deleted_at IS NULL\)/);
  });

  it('leaves an index a failed concurrent build left invalid rebuilt, not kept', async () => {
    const db = database.db as Kysely<any>;
    await revertAiToolsModule(db);
    // What a cancelled concurrent build leaves: an index marked invalid.
    await sql`create index idx_comments_page_id_created_at on comments (page_id, created_at)`.execute(
      db,
    );
    await sql`update pg_index set indisvalid = false where indexrelid = 'idx_comments_page_id_created_at'::regclass`.execute(
      db,
    );
    await migrateAiToolsModule(db);
    const { rows } = await sql<{ valid: boolean; definition: string }>`
      select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = 'idx_comments_page_id_created_at'`.execute(db);
    expect(rows).toEqual([
      {
        valid: true,
        definition: expect.stringMatching(/WHERE \(deleted_at IS NULL\)/),
      },
    ]);
  });
});
