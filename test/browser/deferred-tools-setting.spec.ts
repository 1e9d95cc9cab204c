import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'kysely';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { OpenAiStubServer } from '../chat/support/openai-stub-server';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { BROWSER_OUTPUT, launchChromium } from './support/chromium';
import {
  bundleTestPage,
  serveTestPage,
  type BundledTestPage,
} from './support/test-page';

/**
 * The package's client entry, `DeferredToolsSetting`, in headless Chromium on a page of its own
 * (test/browser/test-pages), against the reference host's real settings routes (`npm start` as
 * a child process) and a chat-completions stub recording what each chat turn sends the model.
 */
jest.setTimeout(180_000);

let database: TestDatabase;
let stub: OpenAiStubServer;
let server: ServerUnderTest;
let browser: Browser;
let bundle: BundledTestPage;
let workspaceId: string;
const tokens: Record<'owner' | 'admin' | 'member', string> = {
  owner: '',
  admin: '',
  member: '',
};

/** One person's tab on the test page, with every console error and uncaught exception kept. */
interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly consoleErrors: string[];
}
const tabs: Tab[] = [];

async function openSetting(role: keyof typeof tokens): Promise<Tab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const url = await serveTestPage(
    context,
    server.baseUrl,
    'deferred-tools-setting',
    bundle,
  );
  await page.goto(`${url}#token=${tokens[role]}`);
  const tab = { context, page, consoleErrors };
  tabs.push(tab);
  return tab;
}

/** The switch, by its accessible role and name, as a screen reader finds it. */
const switchOf = (page: Page) =>
  page.getByRole('switch', { name: 'Deferred tools', exact: true });

async function storedDeferredTools(): Promise<unknown> {
  const row = await database.db
    .selectFrom('workspaces')
    .select(sql<unknown>`settings->'ai'->'deferredTools'`.as('value'))
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return row.value;
}

async function setStoredDeferredTools(value: boolean): Promise<void> {
  await sql`update workspaces set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{ai}', coalesce(settings->'ai', '{}'::jsonb) || jsonb_build_object('deferredTools', ${value}::boolean)) where id = ${workspaceId}`.execute(
    database.db,
  );
}

async function until(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One chat turn as the member, read to its end; returns what the model was sent. */
async function chatTurn() {
  stub.reset([]);
  const response = await fetch(`${server.baseUrl}/api/ai/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.member}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ message: 'What is on my page?' }),
  });
  expect(response.status).toBe(200);
  await response.text();
  expect(stub.requests.length).toBeGreaterThan(0);
  return stub.requests.map(({ body }) => ({
    tools: (body.tools ?? []).map((tool) => tool.function.name),
    system: body.messages
      .filter((message) => message.role === 'system')
      .map((message) => JSON.stringify(message.content))
      .join('\n'),
  }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  workspaceId = seed.workspaceId;
  for (const user of seed.users) tokens[user.role] = user.token;
  stub = await OpenAiStubServer.start();
  [server, bundle] = await Promise.all([
    startServer(
      {
        DATABASE_URL: database.url,
        AI_BASE_URL: stub.baseUrl,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'stub-model',
      },
      { startupTimeoutMs: 90_000 },
    ),
    bundleTestPage('deferred-tools-setting'),
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
  await database?.drop();
});

afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.context.close();
});

it('shows a skeleton, never a default, until the stored value arrives', async () => {
  // Stored OFF: a switch drawn in the default position (ON) would be wrong.
  await setStoredDeferredTools(false);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const context = await browser.newContext();
  // The real route answers, only later.
  await context.route('**/api/ai-tools/settings/info', async (route) => {
    await held;
    await route.continue();
  });
  const url = await serveTestPage(
    context,
    server.baseUrl,
    'deferred-tools-setting',
    bundle,
  );
  const page = await context.newPage();
  tabs.push({ context, page, consoleErrors: [] });
  await page.goto(`${url}#token=${tokens.admin}`);
  await page
    .getByRole('status', { name: 'Loading the deferred tools setting' })
    .waitFor();
  expect(await page.getByRole('switch').count()).toBe(0);
  release();
  await switchOf(page).waitFor();
  expect(await switchOf(page).isChecked()).toBe(false);
  expect(await page.getByRole('status').count()).toBe(0);
  await setStoredDeferredTools(true);
});

it('says when the stored value cannot be loaded, shows no switch, and loads it on "Try again"', async () => {
  // A real failure of the info route: its query names a column that is gone for a moment.
  await sql`alter table workspaces rename column settings to settings_away`.execute(
    database.db,
  );
  let admin: Tab;
  try {
    admin = await openSetting('admin');
    const alert = admin.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      'The deferred tools setting could not be loaded',
    );
    expect(await admin.page.getByRole('switch').count()).toBe(0);
  } finally {
    await sql`alter table workspaces rename column settings_away to settings`.execute(
      database.db,
    );
  }
  await admin.page.getByRole('button', { name: 'Try again' }).click();
  await switchOf(admin.page).waitFor();
  expect(await switchOf(admin.page).isChecked()).toBe(true);
  expect(await admin.page.getByRole('alert').count()).toBe(0);
  expect(admin.consoleErrors).toEqual([
    expect.stringContaining('status of 500'),
  ]);
});

it('lets an admin turn deferred tools off: the next chat turn sends all 41 tools and no catalog', async () => {
  // ON first: the turn's request has the core tools and the catalog, so the check below can fail.
  const on = await chatTurn();
  expect(on[0]!.tools).toHaveLength(14);
  expect(on[0]!.tools).toContain('loadTools');
  expect(on[0]!.system).toContain('<tool_catalog');

  const admin = await openSetting('admin');
  const toggle = switchOf(admin.page);
  await toggle.waitFor();
  expect(await toggle.isChecked()).toBe(true);
  expect(await toggle.isEnabled()).toBe(true);
  await admin.page.screenshot({
    path: join(BROWSER_OUTPUT, 'deferred-tools-setting.png'),
  });
  await toggle.click();
  expect(await toggle.isChecked()).toBe(false);
  await until(
    'the change stored',
    async () => (await storedDeferredTools()) === false,
  );

  // No cache between the setting and the chat: the very next turn follows it.
  const off = await chatTurn();
  for (const request of off) {
    expect(request.tools).toHaveLength(41);
    expect(request.tools).not.toContain('loadTools');
    expect(request.system).not.toContain('<tool_catalog');
  }

  // And on again, from the same switch.
  await toggle.click();
  await until(
    'the change stored',
    async () => (await storedDeferredTools()) === true,
  );
  expect((await chatTurn())[0]!.tools).toHaveLength(14);
  expect(admin.consoleErrors).toEqual([]);
});

it('shows a member the switch read-only with the reason, and the server refuses a forced change', async () => {
  const member = await openSetting('member');
  const toggle = switchOf(member.page);
  await toggle.waitFor();
  expect(await toggle.isDisabled()).toBe(true);
  expect(await toggle.isChecked()).toBe(true);
  const reason = member.page.getByText(
    'Only workspace owners and admins can change this setting.',
  );
  expect(await reason.isVisible()).toBe(true);
  // The reason is part of the switch's description for a screen reader.
  const describedBy = (await toggle.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await reason.getAttribute('id'));

  // Clicking a disabled switch changes nothing.
  await toggle.click({ force: true });
  expect(await toggle.isChecked()).toBe(true);

  // A request forced from the member's tab, past the component, is refused by the server.
  const forced = await member.page.evaluate(async (token) => {
    const response = await fetch('/api/ai-tools/settings/update', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ deferredTools: false }),
    });
    return { status: response.status, body: await response.text() };
  }, tokens.member);
  expect(forced.status).toBe(403);
  expect(forced.body).toContain('Only workspace owners and admins');
  expect(await storedDeferredTools()).toBe(true);
  // The only console error is Chromium's own line about the refused request.
  expect(member.consoleErrors).toEqual([
    expect.stringContaining('status of 403'),
  ]);
});

it('rolls the switch back and shows the error when the server fails (500) or cannot be reached', async () => {
  const admin = await openSetting('admin');
  const toggle = switchOf(admin.page);
  await toggle.waitFor();
  expect(await toggle.isChecked()).toBe(true);

  // A real failure inside the server: the database refuses the update.
  await sql`create function refuse_workspace_update() returns trigger language plpgsql as $$ begin raise exception 'workspace updates refused by the test'; end $$`.execute(
    database.db,
  );
  await sql`create trigger refuse_workspace_update before update on workspaces for each row execute function refuse_workspace_update()`.execute(
    database.db,
  );
  try {
    await toggle.click();
    const alert = admin.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('The change was not saved');
    expect(await alert.innerText()).toContain('Internal server error');
    expect(await toggle.isChecked()).toBe(true);
    // The error is part of the switch's description.
    expect(
      ((await toggle.getAttribute('aria-describedby')) ?? '').split(' '),
    ).toContain(await alert.getAttribute('id'));
  } finally {
    await sql`drop trigger refuse_workspace_update on workspaces`.execute(
      database.db,
    );
    await sql`drop function refuse_workspace_update()`.execute(database.db);
  }
  expect(await storedDeferredTools()).toBe(true);

  // Offline: no status at all.
  await admin.context.setOffline(true);
  await toggle.click();
  const alert = admin.page.getByRole('alert');
  await until('the offline error', async () =>
    (await alert.innerText()).includes('The server could not be reached'),
  );
  expect(await toggle.isChecked()).toBe(true);
  await admin.context.setOffline(false);

  // Back online, the next change goes through and the error goes away.
  await toggle.click();
  await until(
    'the change stored',
    async () => (await storedDeferredTools()) === false,
  );
  expect(await alert.count()).toBe(0);
  expect(await toggle.isChecked()).toBe(false);
  await setStoredDeferredTools(true);
  // The only console errors are Chromium's own lines about the failed requests.
  expect(admin.consoleErrors[0]).toContain('status of 500');
  for (const line of admin.consoleErrors.slice(1))
    expect(line).toContain('net::ERR_INTERNET_DISCONNECTED');
});

it('is reached and toggled with the keyboard alone', async () => {
  const admin = await openSetting('admin');
  const toggle = switchOf(admin.page);
  await toggle.waitFor();
  const focused = () => toggle.evaluate((element) => element.matches(':focus'));
  for (let press = 0; press < 10 && !(await focused()); press += 1)
    await admin.page.keyboard.press('Tab');
  expect(await focused()).toBe(true);
  await admin.page.keyboard.press('Space');
  await until(
    'the change stored',
    async () => (await storedDeferredTools()) === false,
  );
  expect(await toggle.isChecked()).toBe(false);
  await admin.page.keyboard.press('Space');
  await until(
    'the change stored',
    async () => (await storedDeferredTools()) === true,
  );
  expect(await toggle.isChecked()).toBe(true);
  expect(admin.consoleErrors).toEqual([]);
});
