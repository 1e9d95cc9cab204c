/**
 * An upgrade: a Docmost that ran, migrated and was used before the module was mounted, then
 * booted with the README's mount (the same Docmost, NODE_ENV=production).
 */
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import {
  createComment,
  createPage,
  listSpaces,
  setUpWorkspace,
  signIn,
} from './docmost-api';
import {
  appliedMigrations,
  emptyDatabase,
  moduleMigrationNames,
  preparedDocmost,
  withDatabase,
} from './docmost-checks';
import { DocmostServer, newAppSecret } from './docmost-process';

const prepared = preparedDocmost();

/** Each table of Docmost's (public schema, the module's own left out) and a digest of its rows. */
async function tableDigests(
  databaseUrl: string,
): Promise<Record<string, string>> {
  return withDatabase(databaseUrl, async (client) => {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'ai_tools%' order by 1",
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{
        rows: string;
        digest: string | null;
      }>(
        `select count(*) as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
      );
      digests[name] = `${rows[0].rows} rows ${rows[0].digest ?? '-'}`;
    }
    return digests;
  });
}

describe('an existing Docmost: migrated and filled before the module was mounted', () => {
  let redis: RedisServerUnderTest;
  const servers: DocmostServer[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await Promise.all(servers.splice(0).map((instance) => instance.stop()));
    await redis.stop();
  });

  test('boots with the module, migrates it, and keeps every row', async () => {
    const databaseUrl = await emptyDatabase('existing');
    const appSecret = newAppSecret();
    const owner = {
      name: 'Olga Owner',
      email: 'olga@example.com',
      password: 'a long password 1',
    };

    // Docmost as it comes: it migrates itself and is used.
    const plain = await DocmostServer.start({
      name: 'existing-plain',
      serverDirectory: prepared.plainServerDirectory,
      preloads: prepared.preloads,
      databaseUrl,
      redisUrl: redis.url,
      appSecret,
    });
    servers.push(plain);
    const { session } = await setUpWorkspace(
      plain.url,
      owner,
      'Before the module',
    );
    const [space] = await listSpaces(session);
    const parent = await createPage(session, {
      spaceId: space.id,
      title: 'Handbook',
      markdown: 'The handbook, written before the module.',
    });
    const child = await createPage(session, {
      spaceId: space.id,
      title: 'Onboarding',
      parentPageId: parent.id,
      markdown: 'Day one.',
    });
    const comment = await createComment(
      session,
      child.id,
      'Is this still right?',
    );
    await createComment(session, parent.id, 'Looks good.');
    await plain.stop();
    servers.splice(servers.indexOf(plain), 1);
    expect(await appliedMigrations(databaseUrl, 'ai_tools_migration')).toEqual(
      new Map(),
    );
    const docmostBefore = await appliedMigrations(
      databaseUrl,
      'kysely_migration',
    );
    const before = await tableDigests(databaseUrl);
    expect(Number(before.pages.split(' ')[0])).toBeGreaterThanOrEqual(2);
    expect(Number(before.comments.split(' ')[0])).toBe(2);

    // The same database, booted with the module mounted.
    const mounted = await DocmostServer.start({
      name: 'existing-mounted',
      serverDirectory: prepared.mountedServerDirectory,
      preloads: prepared.preloads,
      databaseUrl,
      redisUrl: redis.url,
      appSecret,
    });
    servers.push(mounted);
    const module = await appliedMigrations(databaseUrl, 'ai_tools_migration');
    expect([...module.keys()].sort()).toEqual(
      moduleMigrationNames(prepared.mountedServerDirectory),
    );
    expect([...module.values()].every((times) => times === 1)).toBe(true);
    expect(await appliedMigrations(databaseUrl, 'kysely_migration')).toEqual(
      docmostBefore,
    );
    // Compared before anyone signs in, which writes its own rows.
    expect(await tableDigests(databaseUrl)).toEqual(before);

    // And the people, their pages and comments are there for the mounted Docmost.
    const signedIn = await signIn(mounted.url, owner);
    const page = await signedIn.call<{ id: string; title: string }>(
      'pages/info',
      {
        pageId: child.id,
      },
    );
    expect(page).toMatchObject({ id: child.id, title: 'Onboarding' });
    const comments = await signedIn.call<{ items: { id: string }[] }>(
      'comments',
      {
        pageId: child.id,
      },
    );
    expect(comments.items.map((item) => item.id)).toEqual([comment.id]);
  });
});
