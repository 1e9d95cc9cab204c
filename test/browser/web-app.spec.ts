import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { EVERY_ATTRIBUTE_DOCUMENT } from '../../src/document/prosemirror/docmost-attributes.fixture';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { BROWSER_OUTPUT, launchChromium } from './support/chromium';
import { signIn, type WebAppUser } from './support/web-app-user';

/**
 * The reference host's web app in headless Chromium, against `npm start` (as a child process)
 * with the scripted agent: two people on one live page, the agent editing it while one of them
 * types, a comment noticed mid-turn, and the deferred-tools toggle.
 */
jest.setTimeout(180_000);

const PAGE_TITLE = 'Weekly Sync';
const pageId = SEED_IDS.pages.weeklySync;

let database: TestDatabase;
let server: ServerUnderTest;
let browser: Browser;
let member: WebAppUser;
let admin: WebAppUser;

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

const storedText = async () =>
  (
    await database.db
      .selectFrom('pages')
      .select('textContent')
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow()
  ).textContent ?? '';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoWorkspace(database.db);
  server = await startServer(
    {
      DATABASE_URL: database.url,
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
      AI_SCRIPTED_STEP_DELAY_MS: '700',
      COLLAB_DEBOUNCE_MS: '300',
      COLLAB_MAX_DEBOUNCE_MS: '1000',
    },
    { startupTimeoutMs: 90_000 },
  );
  browser = await launchChromium();
  member = await signIn(browser, server.baseUrl, 'member@acme.test');
  admin = await signIn(browser, server.baseUrl, 'admin@acme.test');
});

// Any console error fails the test during which it was logged, the first load's included.
afterEach(() => {
  expect({
    member: member?.takeConsoleErrors() ?? [],
    admin: admin?.takeConsoleErrors() ?? [],
  }).toEqual({ member: [], admin: [] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

it('shows one person typing on a page to a second browser on the same page', async () => {
  await member.openPage(PAGE_TITLE);
  await admin.openPage(PAGE_TITLE);
  await member.typeInFirstParagraph(' Typed by the member.');
  await until(
    "the member's typing in the admin's editor",
    () => admin.editorText(),
    (text) => text.includes('Typed by the member.'),
  );
});

it("puts the scripted agent's edit into the open editor while the person keeps typing elsewhere", async () => {
  await member.sendChat('Bring the budget sheet');
  // Typing while the turn runs: the agent appends at the end, the person types at the top.
  await member.typeInFirstParagraph(' Still typing.');
  await member.page
    .locator('[data-testid="turn-figures"]')
    .first()
    .waitFor({ timeout: 30_000 });
  const shown = await until(
    'both texts in the editor',
    () => member.editorText(),
    (text) =>
      text.includes('Note from the scripted agent: Bring the budget sheet'),
  );
  expect(shown).toContain('Typed by the member. Still typing.');
  // No reload happened: the chat still shows the turn.
  expect(
    await member.page
      .locator('.tool-call[data-tool="insertNode"] .tool-status')
      .innerText(),
  ).toBe('ok');
  expect(
    await member.page.locator('[data-testid="model-label"]').innerText(),
  ).toContain('scripted agent');
  // Stored by the collaboration server, both texts in one document.
  const stored = await until(
    'both texts in the database',
    storedText,
    (text) =>
      text.includes('Still typing.') &&
      text.includes('Note from the scripted agent: Bring the budget sheet'),
  );
  expect(stored).toContain('Typed by the member. Still typing.');
});

it("reports a comment made in the comment panel during a turn as the agent's signal", async () => {
  const answers = member.page.locator('.message-assistant');
  const earlier = await answers.count();
  await member.sendChat('Note the comment');
  const turn = answers.nth(earlier);
  // The agent has read the page; the admin comments before its next step.
  await turn
    .locator('.tool-call[data-tool="getCurrentPage"].tool-ok')
    .waitFor({ timeout: 20_000 });
  await admin.page.getByLabel('New comment').fill('Please add the date.');
  await admin.page.getByRole('button', { name: 'Comment' }).click();
  await admin.page
    .locator('.comment', { hasText: 'Please add the date.' })
    .waitFor();
  const signal = turn.locator('[data-testid="signal"]');
  await signal.waitFor({ timeout: 20_000 });
  expect(await signal.innerText()).toMatch(
    new RegExp(`new comments: 1 on page ${pageId}`),
  );
  // The comment's text is for people: the signal only counts it.
  expect(await signal.innerText()).not.toContain('Please add the date.');
  // And the member's own comment panel shows it.
  await member.page
    .locator('.comment', { hasText: 'Please add the date.' })
    .waitFor({ timeout: 10_000 });
  await turn.locator('[data-testid="turn-figures"]').waitFor();
  // The page with the chat panel after a turn: kept with the test output (docs/web-app.png is one).
  await member.page.screenshot({
    path: join(BROWSER_OUTPUT, 'page-with-chat-after-turn.png'),
  });
});

it('opens a page the person may only read in a read-only editor', async () => {
  await member.openPage('Launch Plan 2.4');
  await member.page.locator('.page-header', { hasText: 'read-only' }).waitFor();
  const before = await member.editorText();
  await member.page.locator('.editor-content').click();
  await member.page.keyboard.type('not allowed');
  expect(await member.editorText()).toBe(before);
});

/** A document's structure: every node and mark with its non-null attributes, without text. */
function structureOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(structureOf);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>)
      .filter(([key, value]) => key !== 'text' && value !== null)
      .map(([key, value]) => [key, structureOf(value)])
      .filter(
        ([key, value]) =>
          key !== 'attrs' || Object.keys(value as object).length > 0,
      ),
  );
}

it("keeps every node, mark and attribute of Docmost's editor when a person edits the page in the browser", async () => {
  const page = SEED_IDS.pages.designPrinciples;
  await database.db
    .updateTable('pages')
    .set({ content: EVERY_ATTRIBUTE_DOCUMENT as never, ydoc: null })
    .where('id', '=', page)
    .execute();
  await member.openPage('Design Principles');
  // At the end of the heading's one unmarked text: the edit adds no node of its own.
  await member.page.locator('.editor-content h2').first().click();
  await member.page.keyboard.press('End');
  await member.page.keyboard.type(' edited');
  const stored = await until(
    'the edit stored',
    async () =>
      await database.db
        .selectFrom('pages')
        .select(['content', 'textContent'])
        .where('id', '=', page)
        .executeTakeFirstOrThrow(),
    (row) => (row.textContent ?? '').includes(' edited'),
  );
  expect(structureOf(stored.content)).toEqual(
    structureOf(EVERY_ATTRIBUTE_DOCUMENT),
  );
});

it('lets the admin switch deferred tools off, after which a turn sends all 41 tools; a member cannot change it', async () => {
  await admin.page.goto(`${server.baseUrl}/#/settings`);
  // The package's own DeferredToolsSetting (client/), as Docmost's settings page mounts it.
  const toggle = admin.page.getByRole('switch', {
    name: 'Deferred tools',
    exact: true,
  });
  await until('the setting loaded', () => toggle.isEnabled(), Boolean);
  expect(await toggle.isChecked()).toBe(true);
  // Drawn as in Docmost: the bundle carries Mantine's variables and the components' styles.
  const track = admin.page.locator('.mantine-Switch-track');
  expect((await track.boundingBox())?.width).toBeGreaterThan(20);
  await toggle.uncheck();
  await until(
    'the setting saved',
    () => toggle.isChecked(),
    (on) => !on,
  );

  const answers = member.page.locator('.message-assistant');
  const earlier = await answers.count();
  await member.sendChat('One more note');
  const figures = answers.nth(earlier).locator('[data-testid="turn-figures"]');
  await figures.waitFor({ timeout: 30_000 });
  const text = await figures.innerText();
  expect(text).toContain('tools active: 41');
  expect(text).toContain('deferred tools: off');

  await member.page.goto(`${server.baseUrl}/#/settings`);
  const memberToggle = member.page.getByRole('switch', {
    name: 'Deferred tools',
    exact: true,
  });
  await member.page
    .getByText('Only workspace owners and admins can change this setting.')
    .waitFor();
  expect(await memberToggle.isDisabled()).toBe(true);
  expect(await memberToggle.isChecked()).toBe(false);

  await toggle.check();
  await until('the setting restored', () => toggle.isChecked(), Boolean);
});
