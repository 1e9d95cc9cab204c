import { sql, type Kysely } from 'kysely';
import { migrateAllDown, migrateToLatest } from '../../host/database';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { DOCMOST_COLUMNS } from './docmost-columns';

const DOCMOST_TABLES = Object.keys(DOCMOST_COLUMNS);

async function publicTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/** Indexes on Docmost's tables (not on Kysely's bookkeeping tables). */
async function indexNames(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes
    where schemaname = 'public' and tablename in (${sql.join(DOCMOST_TABLES)}) order by indexname`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/** Everything the base set could touch on Docmost's tables: columns, indexes, constraints, comments. */
async function schemaSnapshot(db: Kysely<any>): Promise<unknown> {
  const columns = await sql`
    select table_name, column_name, data_type, is_nullable, column_default, collation_name
    from information_schema.columns where table_schema = 'public' and table_name in (${sql.join(DOCMOST_TABLES)})
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in (${sql.join(DOCMOST_TABLES)}) order by tablename, indexname`.execute(
    db,
  );
  const constraints = await sql`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace and conrelid::regclass::text in (${sql.join(DOCMOST_TABLES)})
    order by 1, 2`.execute(db);
  const comments = await sql`
    select relname, obj_description(oid, 'pg_class') as comment from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r' and relname in (${sql.join(DOCMOST_TABLES)}) order by relname`.execute(
    db,
  );
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    comments: comments.rows,
  };
}

describe('migrations on an empty database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('go up, down and up again', async () => {
    const db = database.db as Kysely<any>;
    expect(await publicTables(db)).toEqual([]);

    const applied = await migrateToLatest(db);
    expect(applied).toEqual([
      'base/20250101T000000-docmost-schema-subset up',
      'host/20250101T000100-api-tokens up',
      'host/20261205T200000-host-secrets up',
      'module/20250101T000200-comments-page-created-index up',
      'module/20250101T000300-page-stashes up',
      'module/20250101T000400-chat-memory up',
      'module/20250101T000500-comments-count-covering-index up',
      'module/20261205T210000-turn-stats up',
      'module/20261205T230000-mcp-sessions up',
      'module/20261207T020000-turn-stats-cached-input up',
    ]);
    const tables = await publicTables(db);
    expect(tables).toEqual(
      expect.arrayContaining([
        ...DOCMOST_TABLES,
        'api_tokens',
        'host_secrets',
        'ai_tools_page_stashes',
        'ai_tools_chat_memory',
        'ai_tools_turn_stats',
        'ai_tools_turn_stats_daily',
        'ai_tools_mcp_sessions',
      ]),
    );
    expect(await indexNames(db)).toEqual(
      expect.arrayContaining([
        'idx_comments_page_id',
        'idx_comments_page_id_created_at',
      ]),
    );
    expect(await migrateToLatest(db)).toEqual([]);

    const reverted = await migrateAllDown(db);
    expect(reverted).toHaveLength(applied.length);
    const remaining = await publicTables(db);
    for (const table of [
      ...DOCMOST_TABLES,
      'api_tokens',
      'host_secrets',
      'ai_tools_page_stashes',
      'ai_tools_chat_memory',
      'ai_tools_turn_stats',
      'ai_tools_turn_stats_daily',
      'ai_tools_mcp_sessions',
    ])
      expect(remaining).not.toContain(table);
    // Only Kysely's bookkeeping is left behind.
    for (const table of remaining)
      expect(table).toMatch(/^ai_tools_(base_|host_)?migration(_lock)?$/);

    expect(await migrateToLatest(db)).toHaveLength(applied.length);
    expect(await publicTables(db)).toEqual(tables);
  });
});

describe('the standalone base schema', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });
  afterAll(async () => {
    await database.drop();
  });

  it("has Docmost's columns, in Docmost's order, with Docmost's types and nullability", async () => {
    const { rows } = await sql<{
      table: string;
      column: string;
      type: string;
      notNull: boolean;
    }>`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull"
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relname in (${sql.join(DOCMOST_TABLES)})
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(database.db);
    const actual: Record<
      string,
      Array<readonly [string, string, boolean]>
    > = {};
    for (const row of rows)
      (actual[row.table] ??= []).push([row.column, row.type, row.notNull]);
    expect(actual).toEqual(DOCMOST_COLUMNS);
  });

  it("keeps pages.tsv from title and text_content, as Docmost's trigger does", async () => {
    await sql`insert into workspaces (id, name) values ('22222222-2222-4222-8222-222222222222', 'W')`.execute(
      database.db,
    );
    await sql`insert into spaces (id, slug, workspace_id) values ('33333333-3333-4333-8333-333333333333', 's', '22222222-2222-4222-8222-222222222222')`.execute(
      database.db,
    );
    await sql`insert into pages (slug_id, title, text_content, space_id, workspace_id)
      values ('a1', 'Café roadmap', 'quarterly goals', '33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222')`.execute(
      database.db,
    );
    const found = await sql<{ slug: string }>`
      select slug_id as slug from pages where tsv @@ to_tsquery('english', 'roadmap & goal')`.execute(
      database.db,
    );
    expect(found.rows).toEqual([{ slug: 'a1' }]);
  });
});

describe('the base set on a database that already has Docmost tables', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    const db = database.db as Kysely<any>;
    // Build "Docmost's" tables: create them, then erase every trace of this module so they
    // look like tables Docmost made itself (no bookkeeping, no ownership marker).
    await migrateToLatest(db, ['base']);
    await sql`drop table ai_tools_base_migration, ai_tools_base_migration_lock`.execute(
      db,
    );
    for (const table of DOCMOST_TABLES)
      await sql.raw(`comment on table ${table} is null`).execute(db);
    for (const name of ['f_unaccent(text)', 'pages_tsvector_trigger()'])
      await sql.raw(`comment on function ${name} is null`).execute(db);
    // A later Docmost differs from what we know: an extra column and an index of its own.
    await sql`alter table pages add column is_encrypted boolean not null default false`.execute(
      db,
    );
    await sql`create index idx_pages_title on pages (title)`.execute(db);
    await sql`insert into workspaces (id, name) values ('11111111-1111-4111-8111-111111111111', 'Existing')`.execute(
      db,
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it('changes nothing going up, and its down drops nothing it did not create', async () => {
    const db = database.db as Kysely<any>;
    const before = await schemaSnapshot(db);

    expect(await migrateToLatest(db, ['base'])).toEqual([
      'base/20250101T000000-docmost-schema-subset up',
    ]);
    expect(await schemaSnapshot(db)).toEqual(before);

    expect(await migrateAllDown(db, ['base'])).toEqual([
      'base/20250101T000000-docmost-schema-subset down',
    ]);
    expect(await schemaSnapshot(db)).toEqual(before);
    const { rows } = await sql<{
      name: string;
    }>`select name from workspaces`.execute(db);
    expect(rows).toEqual([{ name: 'Existing' }]);
  });

  it('gets the module set: the comment index and the stash table, removed again by down', async () => {
    const db = database.db as Kysely<any>;
    const tablesBefore = await publicTables(db);
    const indexesBefore = await indexNames(db);

    expect(await migrateToLatest(db, ['module'])).toEqual([
      'module/20250101T000200-comments-page-created-index up',
      'module/20250101T000300-page-stashes up',
      'module/20250101T000400-chat-memory up',
      'module/20250101T000500-comments-count-covering-index up',
      'module/20261205T210000-turn-stats up',
      'module/20261205T230000-mcp-sessions up',
      'module/20261207T020000-turn-stats-cached-input up',
    ]);
    expect((await indexNames(db)).sort()).toEqual(
      [...indexesBefore, 'idx_comments_page_id_created_at'].sort(),
    );
    expect(
      (await publicTables(db)).filter((table) => !tablesBefore.includes(table)),
    ).toEqual([
      'ai_tools_chat_memory',
      'ai_tools_mcp_sessions',
      'ai_tools_migration',
      'ai_tools_migration_lock',
      'ai_tools_page_stashes',
      'ai_tools_turn_stats',
      'ai_tools_turn_stats_daily',
    ]);

    await migrateAllDown(db, ['module']);
    expect(await indexNames(db)).toEqual(indexesBefore);
    expect(await publicTables(db)).not.toContain('ai_tools_page_stashes');
    expect(await publicTables(db)).not.toContain('ai_tools_chat_memory');
    expect(await publicTables(db)).not.toContain('ai_tools_turn_stats');
    expect(await publicTables(db)).not.toContain('ai_tools_turn_stats_daily');
  });
});

describe('the module set on a Docmost whose operator built the count index by hand', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    await migrateToLatest(database.db, ['base']);
  });
  afterAll(async () => {
    await database.drop();
  });

  async function countIndex(
    db: Kysely<any>,
  ): Promise<{ oid: number; definition: string } | undefined> {
    const { rows } = await sql<{ oid: number; definition: string }>`
      select c.oid::int as oid, pg_get_indexdef(c.oid) as definition from pg_class c
      where c.relname = 'idx_comments_page_id_created_at' and c.relkind = 'i'`.execute(
      db,
    );
    return rows[0];
  }

  it('keeps the index built concurrently (README) instead of rebuilding it under a write lock', async () => {
    const db = database.db as Kysely<any>;
    await sql`create index concurrently if not exists idx_comments_page_id_created_at on comments (page_id, created_at)
      include (workspace_id, created_source, creator_id, ai_chat_id) where deleted_at is null`.execute(
      db,
    );
    const before = await countIndex(db);
    expect(before?.definition).toMatch(/WHERE \(deleted_at IS NULL\)/);

    await migrateToLatest(db, ['module']);
    expect(await countIndex(db)).toEqual(before);
  });

  it('rebuilds an index of that name in the old plain form as the partial covering one', async () => {
    const db = database.db as Kysely<any>;
    await migrateAllDown(db, ['module']);
    await sql`create index idx_comments_page_id_created_at on comments (page_id, created_at)`.execute(
      db,
    );
    await migrateToLatest(db, ['module']);
    expect((await countIndex(db))?.definition).toMatch(
      /INCLUDE \(workspace_id, created_source, creator_id, ai_chat_id\) WHERE \(deleted_at IS NULL\)/,
    );
  });
});
