import { sql, type Kysely } from 'kysely';
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import {
  AiToolsModule,
  AI_TOOLS_MIGRATIONS,
  migrateAiToolsModule,
  revertAiToolsModule,
} from '../../src';
import { migrateToLatest } from '../../host/database';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { DOCMOST_COLUMNS } from './docmost-columns';

async function publicTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

// What a Docmost server calls on its own database: the package's entry point runs the module
// set only, never the standalone base schema nor the reference host's tables (api_tokens).
describe("the package's migration entry point on a Docmost database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    const db = database.db as Kysely<any>;
    // "Docmost's" tables, with no trace of this module's bookkeeping.
    await migrateToLatest(db, ['base']);
    await sql`drop table ai_tools_base_migration, ai_tools_base_migration_lock`.execute(
      db,
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies the module set alone, and reverts it', async () => {
    const db = database.db as Kysely<any>;
    const before = await publicTables(db);
    expect(before).toEqual(
      expect.arrayContaining(Object.keys(DOCMOST_COLUMNS)),
    );

    const applied = await migrateAiToolsModule(db);
    expect(applied).toEqual(
      Object.keys(AI_TOOLS_MIGRATIONS).map((name) => `module/${name} up`),
    );
    const added = (await publicTables(db)).filter(
      (table) => !before.includes(table),
    );
    expect(added).toEqual(
      expect.arrayContaining([
        'ai_tools_migration',
        'ai_tools_page_stashes',
        'ai_tools_chat_memory',
      ]),
    );
    for (const table of added) expect(table).toMatch(/^ai_tools_/);
    expect(added).not.toContain('api_tokens');
    expect(await migrateAiToolsModule(db)).toEqual([]);

    expect(await revertAiToolsModule(db)).toHaveLength(applied.length);
    expect(
      (await publicTables(db))
        .filter((table) => !before.includes(table))
        .sort(),
    ).toEqual(['ai_tools_migration', 'ai_tools_migration_lock']);
  });

  it('migrates at module start with `migrate: true`, beside a Docmost history dated later, once', async () => {
    const db = database.db as Kysely<any>;
    await revertAiToolsModule(db);
    // Docmost's own Migrator history, with executed migrations dated after the module's files.
    await sql`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      db,
    );
    await sql`insert into kysely_migration values ('20250912T101500-docmost-later', '2025-09-12T10:15:00.000Z')`.execute(
      db,
    );
    const boot = async () => {
      const moduleRef = await Test.createTestingModule({
        imports: [
          AiToolsModule.forRoot({ db, migrate: true, commentSignal: false }),
        ],
      }).compile();
      await moduleRef.init();
      await moduleRef.close();
    };
    await boot();
    expect(await publicTables(db)).toEqual(
      expect.arrayContaining(['ai_tools_page_stashes', 'ai_tools_chat_memory']),
    );
    const executed = await sql<{
      name: string;
    }>`select name from ai_tools_migration order by name`.execute(db);
    expect(executed.rows.map((row) => row.name)).toEqual(
      Object.keys(AI_TOOLS_MIGRATIONS).sort(),
    );
    // Docmost's history is untouched, and a second start applies nothing.
    const docmost = await sql<{
      name: string;
    }>`select name from kysely_migration`.execute(db);
    expect(docmost.rows.map((row) => row.name)).toEqual([
      '20250912T101500-docmost-later',
    ]);
    await boot();
    expect(await migrateAiToolsModule(db)).toEqual([]);
  });
});
