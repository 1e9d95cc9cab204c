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
import {
  BROWSER_OUTPUT,
  launchChromium,
  recordConsoleErrors,
} from './support/chromium';
import {
  answerAsDocmost,
  serveLocales,
  SETTINGS_PAGE_STACKS,
  TRANSLATED_TEXTS,
  type SettingsPageStack,
} from './support/settings-page-stacks';
import {
  bundleTestPage,
  serveTestPage,
  type BundledTestPage,
} from './support/test-page';

/**
 * The package's client entry, `DeferredToolsSetting` (with `TurnFigures` below it), in headless
 * Chromium on a page of its own (test/browser/test-pages), against the reference host's real
 * settings routes (`npm start` as a child process) and a chat-completions stub recording what
 * each chat turn sends the model. The same checks run on two stacks, with one host and one
 * browser for both:
 * - the repository's libraries (React 19.2), `fetch`, English: the reference web app's;
 * - the Docmost fork's client at 0.94.0 (React 18.3.1, Mantine 8.3.18, react-query 5.90.17,
 *   axios 1.16.0, i18next 25.10.1 with react-i18next 16.5.8): Docmost's axios `api`, Docmost's
 *   response envelope, and react-i18next's `t` in the test locale de-DE, loaded by i18next's
 *   HTTP backend as Docmost loads its locale files.
 */
jest.setTimeout(180_000);

let database: TestDatabase;
let stub: OpenAiStubServer;
let server: ServerUnderTest;
let browser: Browser;
const bundles = new Map<SettingsPageStack, BundledTestPage>();
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
  /** How many answers reached the page in Docmost's envelope. */
  readonly enveloped: () => number;
  /** Takes the tab off the network (`BrowserContext.setOffline`) or back on. */
  setOffline(offline: boolean): Promise<void>;
}
const tabs: Tab[] = [];

interface OpenSettingOptions {
  /** Holds the info route's answer until this settles. Default: answered at once. */
  readonly holdInfoUntil?: Promise<void>;
}

async function openSetting(
  stack: SettingsPageStack,
  role: keyof typeof tokens,
  { holdInfoUntil }: OpenSettingOptions = {},
): Promise<Tab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors = recordConsoleErrors(page);
  let offline = false;
  const enveloped = stack.docmostEnvelope
    ? await answerAsDocmost(context, server.baseUrl, () => offline)
    : () => 0;
  if (stack.locales !== undefined)
    await serveLocales(context, server.baseUrl, stack.locales);
  if (holdInfoUntil !== undefined)
    // Registered last, so asked first; the real route (enveloped or not) answers, only later.
    await context.route('**/api/ai-tools/settings/info', async (route) => {
      await holdInfoUntil;
      await route.fallback();
    });
  const url = await serveTestPage(
    context,
    server.baseUrl,
    stack.page,
    bundles.get(stack)!,
  );
  await page.goto(`${url}#token=${tokens[role]}`);
  const tab: Tab = {
    context,
    page,
    consoleErrors,
    enveloped,
    async setOffline(value) {
      offline = value;
      await context.setOffline(value);
    },
  };
  tabs.push(tab);
  return tab;
}

/** The switch, by its accessible role and name, as a screen reader finds it. */
const switchOf = (stack: SettingsPageStack, page: Page) =>
  page.getByRole('switch', { name: stack.text('Deferred tools'), exact: true });

/** The switch's section: its alerts are the setting's, not the turn figures'. */
const sectionOf = (page: Page) => page.getByTestId('deferred-tools-setting');

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
  const pages = Promise.all(
    SETTINGS_PAGE_STACKS.map(async (stack) =>
      bundles.set(
        stack,
        await bundleTestPage(stack.page, { stack: stack.libraries }),
      ),
    ),
  );
  [server] = await Promise.all([
    startServer(
      {
        DATABASE_URL: database.url,
        AI_BASE_URL: stub.baseUrl,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'stub-model',
      },
      { startupTimeoutMs: 90_000 },
    ),
    pages,
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
  await database?.drop();
});

// Each test starts from the default, deferred tools ON, whatever the one before left.
beforeEach(() => setStoredDeferredTools(true));

afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.context.close();
});

describe.each(SETTINGS_PAGE_STACKS)('on $name', (stack) => {
  const text = stack.text;

  it(`runs React ${stack.react}, and shows a skeleton, never a default, until the stored value arrives`, async () => {
    // Stored OFF: a switch drawn in the default position (ON) would be wrong.
    await setStoredDeferredTools(false);
    let release!: () => void;
    const admin = await openSetting(stack, 'admin', {
      holdInfoUntil: new Promise<void>((resolve) => (release = resolve)),
    });
    await admin.page
      .getByRole('status', { name: text('Loading the deferred tools setting') })
      .waitFor();
    expect(
      await admin.page.locator('html').getAttribute('data-react-version'),
    ).toBe(stack.react);
    expect(await admin.page.getByRole('switch').count()).toBe(0);
    release();
    await switchOf(stack, admin.page).waitFor();
    expect(await switchOf(stack, admin.page).isChecked()).toBe(false);
    expect(await sectionOf(admin.page).getByRole('status').count()).toBe(0);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('says when the stored value cannot be loaded, shows no switch, and loads it on "Try again"', async () => {
    // A real failure of the info route: its query names a column that is gone for a moment.
    await sql`alter table workspaces rename column settings to settings_away`.execute(
      database.db,
    );
    let admin: Tab;
    try {
      admin = await openSetting(stack, 'admin');
      const alert = sectionOf(admin.page).getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain(
        text('The deferred tools setting could not be loaded'),
      );
      expect(await admin.page.getByRole('switch').count()).toBe(0);
    } finally {
      await sql`alter table workspaces rename column settings_away to settings`.execute(
        database.db,
      );
    }
    await sectionOf(admin.page)
      .getByRole('button', { name: text('Try again') })
      .click();
    await switchOf(stack, admin.page).waitFor();
    expect(await switchOf(stack, admin.page).isChecked()).toBe(true);
    expect(await sectionOf(admin.page).getByRole('alert').count()).toBe(0);
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

    const admin = await openSetting(stack, 'admin');
    const toggle = switchOf(stack, admin.page);
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isEnabled()).toBe(true);
    await admin.page.screenshot({
      path: join(BROWSER_OUTPUT, `deferred-tools-setting.${stack.page}.png`),
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
    // On Docmost's stack every answer (the role, the setting, each change) came enveloped.
    if (stack.docmostEnvelope) expect(admin.enveloped()).toBeGreaterThan(3);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('shows a member the switch read-only with the reason, and the server refuses a forced change', async () => {
    const member = await openSetting(stack, 'member');
    const toggle = switchOf(stack, member.page);
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    const reason = member.page.getByText(
      text('Only workspace owners and admins can change this setting.'),
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
    // Members see no turn figures.
    expect(await member.page.getByTestId('turn-figures').count()).toBe(0);
    // The only console error is Chromium's own line about the refused request.
    expect(member.consoleErrors).toEqual([
      expect.stringContaining('status of 403'),
    ]);
  });

  it('rolls the switch back and shows the error when the server fails (500) or cannot be reached', async () => {
    const admin = await openSetting(stack, 'admin');
    const toggle = switchOf(stack, admin.page);
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const alert = sectionOf(admin.page).getByRole('alert');

    // A real failure inside the server: the database refuses the update.
    await sql`create function refuse_workspace_update() returns trigger language plpgsql as $$ begin raise exception 'workspace updates refused by the test'; end $$`.execute(
      database.db,
    );
    await sql`create trigger refuse_workspace_update before update on workspaces for each row execute function refuse_workspace_update()`.execute(
      database.db,
    );
    try {
      await toggle.click();
      await alert.waitFor();
      expect(await alert.innerText()).toContain(
        text('The change was not saved'),
      );
      // The server's own message, as it sent it.
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
    await admin.setOffline(true);
    await toggle.click();
    const offline = text(
      'The server could not be reached. Check the connection and try again.',
    );
    await until('the offline error', async () =>
      (await alert.innerText()).includes(offline),
    );
    expect(await toggle.isChecked()).toBe(true);
    await admin.setOffline(false);

    // Back online, the next change goes through and the error goes away.
    await toggle.click();
    await until(
      'the change stored',
      async () => (await storedDeferredTools()) === false,
    );
    expect(await alert.count()).toBe(0);
    expect(await toggle.isChecked()).toBe(false);
    // The only console errors are Chromium's own lines about the failed requests.
    expect(admin.consoleErrors[0]).toContain('status of 500');
    for (const line of admin.consoleErrors.slice(1))
      expect(line).toContain('net::ERR_INTERNET_DISCONNECTED');
  });

  it('is reached and toggled with the keyboard alone', async () => {
    const admin = await openSetting(stack, 'admin');
    const toggle = switchOf(stack, admin.page);
    await toggle.waitFor();
    const focused = () =>
      toggle.evaluate((element) => element.matches(':focus'));
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

  it("shows both blocks' texts in the page's language, the figures included", async () => {
    const admin = await openSetting(stack, 'admin');
    await switchOf(stack, admin.page).waitFor();
    const figures = admin.page.getByTestId('turn-figures');
    // The earlier tests' chat turns are in the figures: a table.
    await figures.getByTestId('turn-figures-row').first().waitFor();
    const section = await sectionOf(admin.page).innerText();
    for (const english of [
      'Agent tools',
      'Deferred tools',
      'On: each model request carries the 13 core tools and a one-line catalog of the others; the agent loads a tool from the catalog when it needs it. Off: all 41 tools (and those of connected MCP servers) are sent with every request, without a catalog. Turn it off if a model fails to load tools.',
    ])
      expect(section).toContain(text(english));
    const shown = await figures.innerText();
    for (const english of [
      'What the agent did in this workspace',
      'Model',
      'Turns',
      'Tool tokens per request',
      'Signals followed',
    ])
      expect(shown).toContain(text(english));
    // Placeholders filled in, in the page's words.
    expect(shown).toContain(text('{{days}} days').replace('{{days}}', '30'));
    expect(
      await figures.getByTestId('turn-figures-row').first().innerText(),
    ).toContain(text('deferred'));
    // Where the page is translated, no English sentence of the entry is left on it.
    if (text('Agent tools') !== 'Agent tools') {
      const page = await admin.page.locator('body').innerText();
      for (const english of TRANSLATED_TEXTS.filter(
        (key) => key.includes(' ') && !key.includes('{{'),
      ))
        expect(page).not.toContain(english);
    }
    expect(admin.consoleErrors).toEqual([]);
  });
});
