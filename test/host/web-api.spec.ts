import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from '../../host/config/app-config';
import { createApp } from '../../host/create-app';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  buildWebApp,
  webAppBundleIsStale,
} from '../../host/web/web-app-bundle';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/** The web app's API (`/api/web/*`): who may sign in how, and what each person sees. */
let database: TestDatabase;
let seed: SeedResult;
let app: NestFastifyApplication;
const token = (role: string) =>
  seed.users.find((user) => user.role === role)!.token;
const auth = (role: string) => ({ authorization: `Bearer ${token(role)}` });

beforeAll(async () => {
  database = await createTestDatabase();
  seed = await seedDemoWorkspace(database.db);
  app = await createApp({
    db: database.db,
    config: loadAppConfig({}),
    logger: false,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the sign-in picker', () => {
  it('lists the active users and signs one in with a new token, on this machine', async () => {
    const users = await app.inject({
      method: 'GET',
      url: '/api/web/sign-in/users',
    });
    expect(users.statusCode).toBe(200);
    const member = users
      .json<{ id: string; email: string; role: string }[]>()
      .find((user) => user.email === 'member@acme.test')!;
    expect(member.role).toBe('member');

    const signIn = await app.inject({
      method: 'POST',
      url: `/api/web/sign-in/${member.id}`,
    });
    expect(signIn.statusCode).toBe(200);
    const { token: issued } = signIn.json<{ token: string }>();
    const me = await app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${issued}` },
    });
    expect(me.json()).toMatchObject({
      userId: member.id,
      email: 'member@acme.test',
    });
  });

  it('answers nobody from another machine, nor through a proxy on this one', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/web/sign-in/users' },
      {
        method: 'POST' as const,
        url: `/api/web/sign-in/${SEED_IDS.users.owner}`,
      },
    ]) {
      const response = await app.inject({
        ...request,
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('only on this machine');
      const proxied = await app.inject({
        ...request,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(403);
    }
  });

  it('refuses unknown users, and a request that brings a body needs a token like any other', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/web/sign-in/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const withBody = await app.inject({
      method: 'POST',
      url: `/api/web/sign-in/${SEED_IDS.users.owner}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'y'.repeat(1000) }),
    });
    expect(withBody.statusCode).toBe(401);
  });
});

describe('pages and comments', () => {
  it("shows each person the page tree Docmost's rules let them see", async () => {
    const pages = async (role: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/web/pages',
          headers: auth(role),
        })
      )
        .json<{ spaces: { pages: { id: string }[] }[] }>()
        .spaces.flatMap((space) => space.pages.map((page) => page.id));
    const [owner, member] = [await pages('owner'), await pages('member')];
    expect(owner).toContain(SEED_IDS.pages.compensationReview);
    expect(member).not.toContain(SEED_IDS.pages.compensationReview);
    expect(member).not.toContain(SEED_IDS.pages.salaryBands);
    expect(member).toContain(SEED_IDS.pages.weeklySync);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/web/pages',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("adds a person's comment (created_source user) and lists it; a hidden page reads as missing", async () => {
    const pageId = SEED_IDS.pages.weeklySync;
    const added = await app.inject({
      method: 'POST',
      url: `/api/web/pages/${pageId}/comments`,
      headers: { ...auth('member'), 'content-type': 'application/json' },
      payload: { text: 'First line\nSecond line' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      author: 'Jordan Lee',
      text: 'First line\nSecond line',
      source: 'user',
      parentCommentId: null,
    });
    const listed = await app.inject({
      method: 'GET',
      url: `/api/web/pages/${pageId}/comments`,
      headers: auth('admin'),
    });
    expect(
      listed.json<{ comments: { id: string }[] }>().comments.map((c) => c.id),
    ).toContain(added.json<{ id: string }>().id);

    const hidden = await app.inject({
      method: 'GET',
      url: `/api/web/pages/${SEED_IDS.pages.compensationReview}/comments`,
      headers: auth('member'),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(
      `page ${SEED_IDS.pages.compensationReview} not found or no access`,
    );
  });

  it('refuses a comment from a reader, an empty one, and a reply to something that is not a thread of the page', async () => {
    const post = (role: string, pageId: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/web/pages/${pageId}/comments`,
        headers: { ...auth(role), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    // The member may read the launch plan, not edit it: Docmost lets editors comment.
    expect(
      (await post('member', SEED_IDS.pages.launchPlan, { text: 'hi' }))
        .statusCode,
    ).toBe(403);
    const empty = await post('member', SEED_IDS.pages.weeklySync, {
      text: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^text: /);
    const nul = await post('member', SEED_IDS.pages.weeklySync, {
      text: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('U+0000');
    const reply = await post('member', SEED_IDS.pages.weeklySync, {
      text: 'a reply',
      parentCommentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain('is not a thread of this page');
  });
});

it('serves the editor schema with every node and mark type the module validates against', async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/web/editor-schema',
  });
  const schema = response.json<{
    nodes: { name: string; attributes: string[] }[];
    marks: { name: string }[];
  }>();
  expect(schema.nodes).toHaveLength(45);
  expect(
    schema.nodes.find((node) => node.name === 'paragraph')!.attributes,
  ).toContain('id');
  expect(schema.marks.map((mark) => mark.name)).toContain('comment');
});

it('serves the app and its bundle publicly, under a policy that loads nothing from elsewhere, and no other file', async () => {
  if (webAppBundleIsStale()) await buildWebApp();
  const index = await app.inject({ method: 'GET', url: '/' });
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toMatch(/^text\/html/);
  const policy = String(index.headers['content-security-policy']);
  expect(policy).toContain("default-src 'self'");
  // Stated, not left to default-src, and without eval (test/browser holds the page to it).
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-eval');
  expect(index.body).toContain('/assets/app.js');
  for (const [file, type] of [
    ['app.js', /^text\/javascript/],
    ['app.css', /^text\/css/],
    ['app.js.map', /^application\/json/],
  ] as const) {
    const asset = await app.inject({ method: 'GET', url: `/assets/${file}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(type);
  }
  for (const url of [
    '/assets/..%2Fpackage.json',
    '/assets/index.html',
    '/assets/app.txt',
  ])
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
});
