/**
 * A new deployment, as Docmost's image starts it: an empty database, NODE_ENV=production, the
 * module mounted by the README's lines. Nothing has migrated before the first boot.
 */
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import { setUpWorkspace } from './docmost-api';
import {
  appliedMigrations,
  docmostMigrationNames,
  emptyDatabase,
  moduleMigrationNames,
  preparedDocmost,
  recordFigure,
  withDatabase,
} from './docmost-checks';
import { DocmostServer, newAppSecret } from './docmost-process';

const prepared = preparedDocmost();
const server = prepared.mountedServerDirectory;

/** Every migration of `expected` recorded exactly once, and nothing else. */
function eachOnce(applied: Map<string, number>, expected: readonly string[]) {
  return {
    names: [...applied.keys()].sort(),
    recordedMoreThanOnce: [...applied].filter(([, times]) => times !== 1),
    expected: [...expected],
  };
}

describe('a fresh install: an empty database, NODE_ENV=production', () => {
  let redis: RedisServerUnderTest;
  const servers: DocmostServer[] = [];

  beforeEach(async () => {
    redis = await startRedisServer();
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((instance) => instance.stop()));
    await redis.stop();
  });

  test("one instance boots, answers /api/health, runs Docmost's migrations and the module's, and /api/auth/setup creates the first workspace", async () => {
    const databaseUrl = await emptyDatabase('fresh_one');
    const started = Date.now();
    const instance = await DocmostServer.start({
      name: 'fresh-install',
      serverDirectory: server,
      preloads: prepared.preloads,
      databaseUrl,
      redisUrl: redis.url,
      appSecret: newAppSecret(),
    });
    servers.push(instance);
    recordFigure(
      'fresh install, one instance: boot to /api/health 200',
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const docmost = eachOnce(
      await appliedMigrations(databaseUrl, 'kysely_migration'),
      docmostMigrationNames(server),
    );
    expect(docmost.recordedMoreThanOnce).toEqual([]);
    expect(docmost.names).toEqual(docmost.expected);
    const module = eachOnce(
      await appliedMigrations(databaseUrl, 'ai_tools_migration'),
      moduleMigrationNames(server),
    );
    expect(module.recordedMoreThanOnce).toEqual([]);
    expect(module.names).toEqual(module.expected);

    const { session, workspace } = await setUpWorkspace(
      instance.url,
      {
        name: 'Olga Owner',
        email: 'olga@example.com',
        password: 'a long password 1',
      },
      'Fresh install',
    );
    expect(workspace.name).toBe('Fresh install');
    const info = await session.call<{ name: string }>('workspace/info');
    expect(info.name).toBe('Fresh install');
    const rows = await withDatabase(databaseUrl, (client) =>
      client.query<{ workspaces: string; users: string }>(
        'select (select count(*) from workspaces) as workspaces, (select count(*) from users) as users',
      ),
    );
    expect(rows.rows[0]).toEqual({ workspaces: '1', users: '1' });
  });

  test('two instances started at the same moment on another empty database both boot, each migration applied once', async () => {
    const databaseUrl = await emptyDatabase('fresh_two');
    const appSecret = newAppSecret();
    const started = Date.now();
    const booted = await Promise.allSettled(
      ['fresh-install-a', 'fresh-install-b'].map((name) =>
        DocmostServer.start({
          name,
          serverDirectory: server,
          preloads: prepared.preloads,
          databaseUrl,
          redisUrl: redis.url,
          appSecret,
        }),
      ),
    );
    for (const result of booted)
      if (result.status === 'fulfilled') servers.push(result.value);
    const failures = booted.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    recordFigure(
      'fresh install, two instances together: both answer /api/health',
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const docmost = eachOnce(
      await appliedMigrations(databaseUrl, 'kysely_migration'),
      docmostMigrationNames(server),
    );
    expect(docmost.recordedMoreThanOnce).toEqual([]);
    expect(docmost.names).toEqual(docmost.expected);
    const module = eachOnce(
      await appliedMigrations(databaseUrl, 'ai_tools_migration'),
      moduleMigrationNames(server),
    );
    expect(module.recordedMoreThanOnce).toEqual([]);
    expect(module.names).toEqual(module.expected);

    const { workspace } = await setUpWorkspace(
      servers[1].url,
      {
        name: 'Olga Owner',
        email: 'olga@example.com',
        password: 'a long password 1',
      },
      'Two at once',
    );
    expect(workspace.name).toBe('Two at once');
  });
});
