import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  bundleTestPage,
  serveTestPage,
  type BundledTestPage,
} from './support/test-page';

/**
 * The package's `TurnFigures` below the deferred-tools switch, in headless Chromium, against
 * the reference host (`npm start` as a child process) whose chat turns run on a
 * chat-completions stub: the figures are those the module recorded of real turns.
 */
jest.setTimeout(180_000);

let database: TestDatabase;
let stub: OpenAiStubServer;
let server: ServerUnderTest;
let browser: Browser;
let bundle: BundledTestPage;
const tokens: Record<'owner' | 'admin' | 'member', string> = {
  owner: '',
  admin: '',
  member: '',
};
const contexts: BrowserContext[] = [];

interface Tab {
  readonly page: Page;
  readonly consoleErrors: string[];
  /** Requests the page made to the figures route. */
  readonly statsRequests: string[];
}

async function openSettings(role: keyof typeof tokens): Promise<Tab> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const consoleErrors = recordConsoleErrors(page);
  const statsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai-tools/stats'))
      statsRequests.push(request.url());
  });
  const url = await serveTestPage(
    context,
    server.baseUrl,
    'ai-settings',
    bundle,
  );
  await page.goto(`${url}#token=${tokens[role]}`);
  // The switch is there for everyone: the page has rendered.
  await page
    .getByRole('switch', { name: 'Deferred tools', exact: true })
    .waitFor();
  return { page, consoleErrors, statsRequests };
}

async function chatTurn(script: Parameters<OpenAiStubServer['reset']>[0]) {
  stub.reset(script);
  const response = await fetch(`${server.baseUrl}/api/ai/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.member}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ message: 'Fill in the pricing table' }),
  });
  expect(response.status).toBe(200);
  await response.text();
}

/** The route's 7-day turns as the admin reads them (the rows are written after each turn). */
async function recordedTurns(): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/ai-tools/stats`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  const body = (await response.json()) as {
    windows: { days: number; turns: number }[];
  };
  return body.windows.find((window) => window.days === 7)?.turns ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
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
    bundleTestPage('ai-settings'),
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
  for (const context of contexts.splice(0)) await context.close();
});

it('an admin of a workspace without turns is told there are none', async () => {
  const admin = await openSettings('admin');
  const empty = admin.page.getByTestId('turn-figures-empty');
  await empty.waitFor();
  expect(await empty.textContent()).toBe(
    'No chat turns were recorded in the last 7 days.',
  );
  expect(admin.consoleErrors).toEqual([]);
});

it("an admin sees the figures of the workspace's turns under the switch", async () => {
  await chatTurn([
    {
      toolCalls: [
        {
          name: 'loadTools',
          arguments: { names: ['getTable'] },
          id: 'call_load',
        },
      ],
    },
    { text: 'The table tools are loaded.' },
  ]);
  await chatTurn([{ text: 'Nothing to do.' }]);
  const deadline = Date.now() + 15_000;
  while ((await recordedTurns()) < 2) {
    if (Date.now() > deadline) throw new Error('the turns were not recorded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const admin = await openSettings('admin');
  const figures = admin.page.getByTestId('turn-figures');
  await figures.getByTestId('turn-figures-row').first().waitFor();
  const rows = figures.getByTestId('turn-figures-row');
  expect(await rows.count()).toBe(1);
  const cells = await rows.first().locator('td').allTextContents();
  // Model and mode, turns, tool tokens, loadTools share, unknown, recovered, step limit, signals.
  expect(cells[0]).toBe('stub-modeldeferred');
  expect(cells[1]).toBe('2');
  expect(cells[2]).toMatch(/^[\d,]+ of [\d,]+$/);
  expect(cells.slice(3)).toEqual(['50%', '0%', '0%', '0', '0 of 0']);
  expect(await figures.textContent()).toContain(
    'Most loaded with stub-model: getTable (1)',
  );
  // The 30-day window holds the same turns.
  await admin.page.getByText('30 days', { exact: true }).click();
  expect(await rows.first().locator('td').nth(1).textContent()).toBe('2');
  await admin.page.screenshot({
    path: join(BROWSER_OUTPUT, 'turn-figures.png'),
    fullPage: true,
  });
  expect(admin.consoleErrors).toEqual([]);
});

it('a member sees the switch and no figures, and the page never asks for them', async () => {
  const member = await openSettings('member');
  // Let any request the block would make go out.
  await member.page.waitForLoadState('networkidle');
  expect(await member.page.getByTestId('turn-figures').count()).toBe(0);
  expect(member.statsRequests).toEqual([]);
  expect(member.consoleErrors).toEqual([]);
});
