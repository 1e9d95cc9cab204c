import 'reflect-metadata';
import {
  Global,
  Inject,
  Module,
  type INestApplicationContext,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql, type Kysely } from 'kysely';
import {
  AiToolsModule,
  AI_TOOLS_MIGRATIONS,
  createKysely,
  ModuleMigrationError,
  migrateAiToolsModule,
  type AiToolsMigrateOptions,
} from '../../src';
import { migrateToLatest } from '../../host/database';
import { runCommandProcess } from '../support/command-process';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const HOST_DB = Symbol('HOST_DB');
const MODULE_MIGRATION_NAMES = Object.keys(AI_TOOLS_MIGRATIONS);

/**
 * Docmost's `DatabaseModule` as far as migrations go: global, and it migrates Docmost's schema
 * (here the reference host's stand-in for it, the `base` set) in `onApplicationBootstrap`.
 */
function docmostDatabaseModule(db: Kysely<any>) {
  class DocmostMigrator implements OnApplicationBootstrap {
    constructor(@Inject(HOST_DB) private readonly database: Kysely<any>) {}
    async onApplicationBootstrap(): Promise<void> {
      await migrateToLatest(this.database, ['base']);
    }
  }
  @Global()
  @Module({
    providers: [{ provide: HOST_DB, useValue: db }, DocmostMigrator],
    exports: [HOST_DB],
  })
  class DocmostDatabaseModule {}
  return DocmostDatabaseModule;
}

/**
 * A Docmost-shaped application: the AI tools mount listed BEFORE Docmost's database module, the
 * order in which a naive hook would run first; `withDocmostMigrator: false` is Docmost in
 * development, where nothing migrates Docmost's schema at boot.
 */
async function startApp(
  db: Kysely<any>,
  migrate: AiToolsMigrateOptions | true,
  withDocmostMigrator = true,
): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      AiToolsModule.forRoot({
        db,
        migrate,
        stats: false,
        commentSignal: false,
      }),
      ...(withDocmostMigrator ? [docmostDatabaseModule(db)] : []),
    ],
  }).compile();
  return moduleRef.init();
}

async function appliedModuleMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from ai_tools_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`
    select to_regclass(${name})::text as found`.execute(db);
  return rows[0]?.found != null;
}

describe('the module migrates at boot after Docmost did', () => {
  const databases: TestDatabase[] = [];
  const apps: INestApplicationContext[] = [];
  async function emptyDatabase(): Promise<Kysely<any>> {
    const database = await createTestDatabase({ empty: true });
    databases.push(database);
    return database.db as Kysely<any>;
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
  });

  it("boots a new deployment (an empty database): Docmost's migrations first, then the module's", async () => {
    const db = await emptyDatabase();
    apps.push(await startApp(db, true));

    expect(await tableExists(db, 'comments')).toBe(true);
    expect(await appliedModuleMigrations(db)).toEqual(MODULE_MIGRATION_NAMES);
    const { rows } = await sql<{ docmost: Date; module: Date }>`
      select (select max(timestamp) from ai_tools_base_migration)::timestamptz as docmost,
             (select min(timestamp) from ai_tools_migration)::timestamptz as module`.execute(
      db,
    );
    expect(new Date(rows[0]!.module).getTime()).toBeGreaterThanOrEqual(
      new Date(rows[0]!.docmost).getTime(),
    );
  });

  it('boots two instances started at the same moment on an empty database, each migration applied once', async () => {
    const database = await createTestDatabase({ empty: true });
    databases.push(database);
    // The second instance has a pool of its own on the same database.
    const other = createKysely({
      connectionString: database.url,
      driver: database.driver,
    });
    try {
      const started = await Promise.all([
        startApp(database.db as Kysely<any>, true),
        startApp(other as Kysely<any>, true),
      ]);
      apps.push(...started);
      const db = database.db as Kysely<any>;
      expect(await appliedModuleMigrations(db)).toEqual(MODULE_MIGRATION_NAMES);
      expect(await tableExists(db, 'ai_tools_page_stashes')).toBe(true);
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await other.destroy();
    }
  });

  it("refuses to boot on Docmost's empty database in development, naming the migration and what it needs, and writes nothing", async () => {
    const db = await emptyDatabase();
    const failure = startApp(
      db,
      { waitForHostSchemaMs: 0, onFailure: 'throw' },
      false,
    );
    await expect(failure).rejects.toBeInstanceOf(ModuleMigrationError);
    await expect(failure).rejects.toThrow(
      "docmost-ai-tools: migration module/20250101T000200-comments-page-created-index needs Docmost's comments.page_id, comments.created_at, which this database does not have: Docmost's own migrations have not run on it (Docmost migrates at boot only with NODE_ENV=production; otherwise run them first: pnpm --filter server migration:latest)",
    );
    expect(await tableExists(db, 'ai_tools_migration')).toBe(false);
  });

  it('ends a Docmost-shaped process whose boot migration failed, with one line, instead of leaving it alive and never listening', async () => {
    const database = await createTestDatabase({ empty: true });
    databases.push(database);
    const finished = await runCommandProcess(
      'test/foundation/support/boot-like-docmost.ts',
      { env: { DATABASE_URL: database.url } },
    );
    expect(finished.status).toBe(1);
    const output = finished.stdout + finished.stderr;
    expect(output).not.toContain('listening');
    expect(output).not.toContain('UnhandledRejection');
    expect(
      output.match(
        /docmost-ai-tools: migration module\/20250101T000200-comments-page-created-index needs Docmost's comments\.page_id/g,
      ),
    ).toHaveLength(1);
  });

  it("waits for Docmost's migrations run by hand, then migrates", async () => {
    const db = await emptyDatabase();
    const booting = startApp(db, { waitForHostSchemaMs: 60_000 }, false);
    // Docmost's migrations, run in another terminal while the server waits.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await migrateToLatest(db, ['base']);
    apps.push(await booting);
    expect(await appliedModuleMigrations(db)).toEqual(MODULE_MIGRATION_NAMES);
  });

  it('runs again after a run that stopped half-way (a table made, its migration not recorded)', async () => {
    const db = await emptyDatabase();
    await migrateToLatest(db, ['base']);
    await migrateAiToolsModule(db);
    await sql`delete from ai_tools_migration where name >= '20250101T000300'`.execute(
      db,
    );
    const applied = await migrateAiToolsModule(db);
    expect(applied).toEqual(
      MODULE_MIGRATION_NAMES.filter((name) => name >= '20250101T000300').map(
        (name) => `module/${name} up`,
      ),
    );
    expect(await appliedModuleMigrations(db)).toEqual(MODULE_MIGRATION_NAMES);
  });
});
