import 'reflect-metadata';
import { Test, type TestingModule } from '@nestjs/testing';
import { sql, type Kysely } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule, TOOL_REGISTRY, type ToolRegistry } from '../../src';
import { KYSELY, type DB } from '../../src/database';
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

/** The class each driver throws for an error of the statement (here, a division by zero). */
const STATEMENT_ERROR_CLASS = {
  pg: 'DatabaseError',
  'postgres-js': 'PostgresError',
} as const;

/** The module's pool over `driver`, named so its connections can be counted. */
function applicationName(driver: string): string {
  return `ai_tools_module_pool_${driver.replace('-', '_')}`;
}

/** The test database's URL with `application_name`, which both drivers send on connect. */
function namedUrl(name: string): string {
  const url = new URL(database.url);
  url.searchParams.set('application_name', name);
  return url.toString();
}

async function boot(
  options: object,
  databaseUrl = database.url,
): Promise<TestingModule> {
  return Test.createTestingModule({
    imports: [
      AiToolsModule.forRoot({
        databaseUrl,
        commentSignal: false,
        logger: { warn: () => undefined },
        ...options,
      }),
    ],
  }).compile();
}

/** Connections to the test database whose client named itself `name` on connect. */
async function connectionsNamed(name: string): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and application_name = ${name}`.execute(
    database.db,
  );
  return rows[0]!.count;
}

/**
 * The connections named `name`, polled until there are none or `deadlineMs` passed: a client
 * ends its connections before the server's backends exit and leave pg_stat_activity.
 */
async function connectionsLeftNamed(
  name: string,
  deadlineMs = 5_000,
): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const count = await connectionsNamed(name);
    if (count === 0 || Date.now() >= deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it.each(['pg', 'postgres-js'] as const)(
  'serves the tools over its own %s pool and closes it on shutdown',
  async (driver) => {
    const name = applicationName(driver);
    const moduleRef = await boot({ databaseDriver: driver }, namedUrl(name));
    const registry = moduleRef.get<ToolRegistry>(TOOL_REGISTRY);
    const { output } = await registry.call(
      'getPage',
      { pageId: SEED_IDS.pages.engineeringSetup },
      contextFor('owner'),
    );
    expect(output).toMatchObject({ title: 'Engineering Setup' });
    // The call went through the module's own pool, under the URL's name...
    expect(await connectionsNamed(name)).toBeGreaterThan(0);
    // ...over the driver named: an error of a statement is that driver's own.
    const moduleDb = moduleRef.get<Kysely<DB>>(KYSELY);
    const statementError: unknown = await sql`select 1 / 0`
      .execute(moduleDb)
      .catch((error: unknown) => error);
    expect((statementError as Error).constructor.name).toBe(
      STATEMENT_ERROR_CLASS[driver],
    );
    await moduleRef.close();
    expect(await connectionsLeftNamed(name)).toBe(0);
  },
);

it('refuses an unknown driver at boot, naming the valid ones', async () => {
  await expect(boot({ databaseDriver: 'mysql' })).rejects.toThrow(
    'databaseDriver="mysql" is not valid; expected one of: pg, postgres-js',
  );
});
