import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'kysely';
import type { JsonValue } from '../../src/database';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { AiToolsSettingsModule } from '../../src/settings';
import { createTestHost } from '../chat/support/create-test-host';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

describe('AI settings routes', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let workspaceId: string;
  const tokens: Record<'owner' | 'admin' | 'member', string> = {
    owner: '',
    admin: '',
    member: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const seed = await seedDemoWorkspace(database.db);
    workspaceId = seed.workspaceId;
    for (const user of seed.users) tokens[user.role] = user.token;
    ({ app } = await createTestHost({
      db: database.db,
      imports: [AiToolsSettingsModule],
    }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function setSettings(value: unknown): Promise<void> {
    await database.db
      .updateTable('workspaces')
      .set({ settings: value as JsonValue })
      .where('id', '=', workspaceId)
      .execute();
  }

  async function storedSettings(): Promise<unknown> {
    const row = await database.db
      .selectFrom('workspaces')
      .select('settings')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return row.settings;
  }

  function post(path: string, role: keyof typeof tokens, body?: unknown) {
    return app.inject({
      method: 'POST',
      url: `/api/ai-tools/settings/${path}`,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  it('reports deferred tools ON when the key is absent, to any member', async () => {
    await setSettings({});
    const response = await post('info', 'member');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deferredTools: true });
  });

  it('also defaults ON when settings is NULL', async () => {
    await setSettings(null);
    expect((await post('info', 'member')).json()).toEqual({
      deferredTools: true,
    });
  });

  it('refuses the update to a member with 403 and changes nothing', async () => {
    await setSettings({ ai: { deferredTools: true } });
    const response = await post('update', 'member', { deferredTools: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/owners and admins/);
    expect(await storedSettings()).toEqual({ ai: { deferredTools: true } });
  });

  it('lets admins and owners switch it, returning the new value', async () => {
    await setSettings({});
    const off = await post('update', 'admin', { deferredTools: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ deferredTools: false });
    expect((await post('info', 'member')).json()).toEqual({
      deferredTools: false,
    });
    const on = await post('update', 'owner', { deferredTools: true });
    expect(on.json()).toEqual({ deferredTools: true });
    expect((await post('info', 'admin')).json()).toEqual({
      deferredTools: true,
    });
  });

  it.each([
    [
      { deferredTools: 'no' },
      'deferredTools: expected a boolean (true or false), got string "no"',
    ],
    [
      { deferredTools: null },
      'deferredTools: expected a boolean (true or false), got null',
    ],
    [{}, 'deferredTools: expected a boolean (true or false), got nothing'],
    [
      { deferredTools: false, extra: 1 },
      'request body: unknown field(s) "extra"; expected { "deferredTools": true | false }',
    ],
    [
      [true],
      'request body: got an array; expected { "deferredTools": true | false }',
    ],
  ])(
    'answers 400 naming the field and the expected type for %j',
    async (body, message) => {
      await setSettings({ ai: { deferredTools: true } });
      const response = await post('update', 'admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await storedSettings()).toEqual({ ai: { deferredTools: true } });
    },
  );

  it('answers 400 on a missing body', async () => {
    const response = await post('update', 'owner');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'request body: got nothing; expected { "deferredTools": true | false }',
    );
  });

  it('merges into settings.ai without losing any other key', async () => {
    await setSettings({
      ai: { search: true, chat: { model: 'x' } },
      sharing: { disabled: true },
    });
    await post('update', 'admin', { deferredTools: false });
    expect(await storedSettings()).toEqual({
      ai: { search: true, chat: { model: 'x' }, deferredTools: false },
      sharing: { disabled: true },
    });
  });

  it('does not lose a concurrent write of another key (one statement under the row lock)', async () => {
    await setSettings({ ai: { search: false } });
    let update: Promise<unknown> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // Another writer merges its own key and holds the row lock while our update starts.
      await sql`update workspaces set settings = jsonb_set(settings, '{ai,search}', 'true') where id = ${workspaceId}`.execute(
        trx,
      );
      update = post('update', 'admin', { deferredTools: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect((await update) as { statusCode: number }).toMatchObject({
      statusCode: 200,
    });
    expect(await storedSettings()).toEqual({
      ai: { search: true, deferredTools: false },
    });
  });

  it('requires a bearer token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai-tools/settings/info',
    });
    expect(response.statusCode).toBe(401);
  });
});
