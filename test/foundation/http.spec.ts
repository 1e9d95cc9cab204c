import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from '../../host/config/app-config';
import { createKysely } from '../../src/database';
import { authenticateBearer } from '../../host/auth/authenticate-bearer';
import { hashApiToken } from '../../host/auth/api-token';
import { AuthenticationError } from '../../host/auth/authentication-error';
import { createApp } from '../../host/create-app';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

async function startApp(
  db: TestDatabase['db'],
): Promise<NestFastifyApplication> {
  const app = await createApp({ db, config: loadAppConfig({}), logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('reference host over HTTP', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let stale: SeedResult;
  let seed: SeedResult;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The template's tokens are unknown here: seed twice to get revoked and current ones.
    stale = await seedDemoWorkspace(database.db);
    seed = await seedDemoWorkspace(database.db);
    app = await startApp(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const me = (authorization?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers GET /api/health without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('rejects a request without an Authorization header with a 401 JSON error saying so', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.stringContaining('missing Authorization header'),
    });
  });

  it('rejects a header that is not a bearer token', async () => {
    const response = await me('Basic b3duZXI6cGFzc3dvcmQ=');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('not a bearer token');
  });

  it('rejects an unknown token', async () => {
    const response = await me('Bearer dmt_not-a-real-token');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.stringContaining('unknown API token'),
    });
  });

  it('rejects a token that a later seed revoked', async () => {
    const response = await me(`Bearer ${stale.users[0]!.token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('revoked');
  });

  it('accepts a current token and returns who it belongs to', async () => {
    const member = seed.users.find((user) => user.role === 'member')!;
    const response = await me(`Bearer ${member.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
      role: 'member',
      email: 'member@acme.test',
    });
  });

  it('rejects the token of a user who was deleted', async () => {
    const admin = seed.users.find((user) => user.role === 'admin')!;
    await database.db
      .updateTable('users')
      .set({ deletedAt: new Date() })
      .where('id', '=', admin.id)
      .execute();
    try {
      const response = await me(`Bearer ${admin.token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('no longer in its workspace');
    } finally {
      await database.db
        .updateTable('users')
        .set({ deletedAt: null })
        .where('id', '=', admin.id)
        .execute();
    }
  });

  it('rejects a deactivated user on every surface: HTTP routes, /mcp, stdio and the collaboration server', async () => {
    const admin = seed.users.find((user) => user.role === 'admin')!;
    await database.db
      .updateTable('users')
      .set({ deactivatedAt: new Date() })
      .where('id', '=', admin.id)
      .execute();
    try {
      const response = await me(`Bearer ${admin.token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('deactivated user');
      const mcp = await app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'probe', version: '1' },
          },
        }),
      });
      expect(mcp.statusCode).toBe(401);
      // stdio and /collab authenticate through the same function.
      await expect(
        authenticateBearer(database.db, `Bearer ${admin.token}`),
      ).rejects.toThrow(/deactivated user/);
    } finally {
      await database.db
        .updateTable('users')
        .set({ deactivatedAt: null })
        .where('id', '=', admin.id)
        .execute();
    }
  });

  it('checks the token before it reads a body: an anonymous body is never parsed', async () => {
    const post = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/ai-tools/settings/update',
        headers: {
          'content-type': 'application/json',
          ...(authorization === undefined ? {} : { authorization }),
        },
        payload: '{"deferredTools": tru',
      });
    // Without a token: 401, although the body is not even JSON (parsing it would answer 400).
    const anonymous = await post();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toContain('missing Authorization header');
    const owner = seed.users.find((user) => user.role === 'owner')!;
    expect((await post(`Bearer ${owner.token}`)).statusCode).toBe(400);
  });

  it('parses a JSON body of a megabyte or more on its own turn and answers as for any other: served when valid, 400 when not', async () => {
    const member = seed.users.find((user) => user.role === 'member')!;
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
        },
        payload,
      });
    const large = JSON.stringify({ padding: 'x'.repeat(1_500_000) });
    const served = await post(large);
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ role: 'member' });
    expect((await post(large.slice(0, -1))).statusCode).toBe(400);
  });

  it('serves other routes under /api only', async () => {
    const owner = seed.users[0]!;
    const response = await app.inject({
      method: 'POST',
      url: '/auth/me',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('exposes the same check to raw routes through authenticateBearer', async () => {
    const owner = seed.users[0]!;
    await expect(
      authenticateBearer(database.db, [`Bearer ${owner.token}`]),
    ).resolves.toMatchObject({ role: 'owner', email: 'owner@acme.test' });
    await expect(
      authenticateBearer(database.db, undefined),
    ).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('looks a token up once for the requests that bear it at the same moment, and keeps nothing: a revocation is seen by the next request', async () => {
    let lookups = 0;
    const counted = database.db.withPlugin({
      transformQuery(args) {
        if (/api_?tokens/i.test(JSON.stringify(args.node))) lookups++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const member = seed.users.find((user) => user.role === 'member')!;
    const owner = seed.users.find((user) => user.role === 'owner')!;
    const users = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        authenticateBearer(counted, `Bearer ${member.token}`),
      ),
      authenticateBearer(counted, `Bearer ${owner.token}`),
    ]);
    expect(new Set(users.map((user) => user.userId))).toEqual(
      new Set([SEED_IDS.users.member, SEED_IDS.users.owner]),
    );
    expect(users.filter((user) => user.role === 'member')).toHaveLength(20);
    // One lookup per token, not one per request.
    expect(lookups).toBe(2);
    await database.db
      .updateTable('apiTokens')
      .set({ revokedAt: new Date() })
      .where('userId', '=', member.id)
      .where('revokedAt', 'is', null)
      .execute();
    try {
      await expect(
        authenticateBearer(counted, `Bearer ${member.token}`),
      ).rejects.toThrow('API token was revoked');
      expect(lookups).toBe(3);
    } finally {
      await database.db
        .updateTable('apiTokens')
        .set({ revokedAt: null })
        .where('tokenHash', '=', hashApiToken(member.token))
        .execute();
    }
  });
});

describe('health check without a database', () => {
  it('answers 503 when PostgreSQL is unreachable', async () => {
    const unreachable = createKysely({
      connectionString: 'postgres://nobody:secret@127.0.0.1:1/none',
      max: 1,
    });
    const app = await startApp(unreachable);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'down' });
    } finally {
      await app.close();
      await unreachable.destroy();
    }
  });
});
