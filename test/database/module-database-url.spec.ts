import 'reflect-metadata';
import { Test, type TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule, TOOL_REGISTRY, type ToolRegistry } from '../../src';
import { contextFor } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * `AiToolsModule.forRoot({ databaseUrl, databaseDriver })`: a host without a Kysely of its own
 * lets the module open (and close) its pool, over the driver it names.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

async function boot(options: object): Promise<TestingModule> {
  return Test.createTestingModule({
    imports: [
      AiToolsModule.forRoot({
        databaseUrl: database.url,
        commentSignal: false,
        logger: { warn: () => undefined },
        ...options,
      }),
    ],
  }).compile();
}

/** Connections to the test database that postgres.js opened (it names itself on connect). */
async function postgresJsConnections(): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and application_name = 'postgres.js'`.execute(
    database.db,
  );
  return rows[0]!.count;
}

it.each(['pg', 'postgres-js'] as const)(
  'serves the tools over its own %s pool and closes it on shutdown',
  async (driver) => {
    const before = await postgresJsConnections();
    const moduleRef = await boot({ databaseDriver: driver });
    const registry = moduleRef.get<ToolRegistry>(TOOL_REGISTRY);
    const { output } = await registry.call(
      'getPage',
      { pageId: SEED_IDS.pages.engineeringSetup },
      contextFor('owner'),
    );
    expect(output).toMatchObject({ id: SEED_IDS.pages.engineeringSetup });
    const during = await postgresJsConnections();
    if (driver === 'postgres-js') expect(during).toBeGreaterThan(before);
    else expect(during).toBe(before);
    await moduleRef.close();
    expect(await postgresJsConnections()).toBe(before);
  },
);

it('refuses an unknown driver at boot, naming the valid ones', async () => {
  await expect(boot({ databaseDriver: 'mysql' })).rejects.toThrow(
    'databaseDriver="mysql" is not valid; expected one of: pg, postgres-js',
  );
});
