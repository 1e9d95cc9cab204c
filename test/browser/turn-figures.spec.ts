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
  answerAsDocmost,
  serveLocales,
  SETTINGS_PAGE_STACKS,
  type SettingsPageStack,
} from './support/settings-page-stacks';
import {
  bundleTestPage,
  serveTestPage,
  type BundledTestPage,
} from './support/test-page';

/**
 * The package's `TurnFigures` below the deferred-tools switch, in headless Chromium, against
 * the reference host (`npm start` as a child process) whose chat turns run on a
 * chat-completions stub reporting its usage, cached input included, as OpenAI does: the figures
 * are those the module recorded of real turns. The same checks run on both client stacks of
 * test/browser/support/settings-page-stacks.ts (the repository's React 19, and the Docmost
 * fork's client at 0.94.0 with its axios, envelope and react-i18next in de-DE).
 */
jest.setTimeout(180_000);

let database: TestDatabase;
let stub: OpenAiStubServer;
let server: ServerUnderTest;
let browser: Browser;
const bundles = new Map<SettingsPageStack, BundledTestPage>();
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

async function openSettings(
  stack: SettingsPageStack,
  role: keyof typeof tokens,
): Promise<Tab> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const consoleErrors = recordConsoleErrors(page);
  if (stack.docmostEnvelope)
    await answerAsDocmost(context, server.baseUrl, () => false);
  if (stack.locales !== undefined)
    await serveLocales(context, server.baseUrl, stack.locales);
  const statsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai-tools/stats'))
      statsRequests.push(request.url());
  });
  const url = await serveTestPage(
    context,
    server.baseUrl,
    stack.page,
    bundles.get(stack)!,
  );
  await page.goto(`${url}#token=${tokens[role]}`);
  // The switch is there for everyone: the page has rendered.
  await page
    .getByRole('switch', { name: stack.text('Deferred tools'), exact: true })
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

let recorded: Promise<void> | undefined;

/**
 * Two chat turns, once for both stacks, whose provider reports its usage: a deferred turn that
 * loads getTable (its second request read 2,944 of its 3,400 tokens from the cache), and a turn
 * that only answers (1,536 of 2,000 cached). Resolves once the admin route counts both.
 */
function recordTurns(): Promise<void> {
  recorded ??= (async () => {
    await chatTurn([
      {
        toolCalls: [
          {
            name: 'loadTools',
            arguments: { names: ['getTable'] },
            id: 'call_load',
          },
        ],
        usage: { promptTokens: 3000, cachedTokens: 0, completionTokens: 20 },
      },
      {
        text: 'The table tools are loaded.',
        usage: { promptTokens: 3400, cachedTokens: 2944, completionTokens: 40 },
      },
    ]);
    await chatTurn([
      {
        text: 'Nothing to do.',
        usage: { promptTokens: 2000, cachedTokens: 1536, completionTokens: 10 },
      },
    ]);
    const deadline = Date.now() + 15_000;
    while ((await recordedTurns()) < 2) {
      if (Date.now() > deadline) throw new Error('the turns were not recorded');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return recorded;
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

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

// Before any turn, on both stacks.
describe.each(SETTINGS_PAGE_STACKS)('without turns, on $name', (stack) => {
  const text = stack.text;

  it('an admin of a workspace without turns is told there are none', async () => {
    const admin = await openSettings(stack, 'admin');
    const empty = admin.page.getByTestId('turn-figures-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toBe(
      text('No chat turns were recorded in the last {{days}} days.').replace(
        '{{days}}',
        '7',
      ),
    );
    expect(admin.consoleErrors).toEqual([]);
  });
});

describe.each(SETTINGS_PAGE_STACKS)('with turns, on $name', (stack) => {
  const text = stack.text;

  it("an admin sees the figures of the workspace's turns under the switch: fresh and cached input per turn, and what the tool tokens compare with", async () => {
    await recordTurns();
    const admin = await openSettings(stack, 'admin');
    const figures = admin.page.getByTestId('turn-figures');
    await figures.getByTestId('turn-figures-row').first().waitFor();
    const rows = figures.getByTestId('turn-figures-row');
    expect(await rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    // Model and mode, turns, tool tokens, fresh and cached input per turn, loadTools share,
    // unknown, recovered, step limit, signals.
    expect(cells[0]).toBe(`stub-model${text('deferred')}`);
    expect(cells[1]).toBe('2');
    const [sent, compared] = cells[2]!.split(
      text('{{sent}} of {{compared}}')
        .replace('{{sent}}', '')
        .replace('{{compared}}', ''),
    );
    // The reference host gives no tool set of its own: all tools active is the comparison.
    expect(Number(sent!.replace(/,/g, ''))).toBeLessThan(
      Number(compared!.replace(/,/g, '')),
    );
    // Turn 1: 6,400 input, 2,944 cached; turn 2: 2,000 input, 1,536 cached.
    expect(cells.slice(3, 5)).toEqual([
      ((3456 + 464) / 2).toLocaleString('en-US'),
      ((2944 + 1536) / 2).toLocaleString('en-US'),
    ]);
    expect(cells.slice(5)).toEqual([
      '50%',
      '0%',
      '0%',
      '0',
      text('{{followed}} of {{lines}}')
        .replace('{{followed}}', '0')
        .replace('{{lines}}', '0'),
    ]);
    const headers = await figures.locator('th').allTextContents();
    expect(headers.slice(2, 5)).toEqual([
      text('Tool tokens per request'),
      text('Fresh input per turn'),
      text('Cached input per turn'),
    ]);
    expect(
      await figures.getByTestId('turn-figures-comparison').textContent(),
    ).toBe(
      text(
        'Tool tokens per request are compared with all tools sent on every request (deferred tools off).',
      ),
    );
    expect(await figures.textContent()).toContain(
      text('Most loaded with {{model}}: {{tools}}')
        .replace('{{model}}', 'stub-model')
        .replace('{{tools}}', 'getTable (1)'),
    );
    // The 30-day window holds the same turns.
    await admin.page
      .getByText(text('{{days}} days').replace('{{days}}', '30'), {
        exact: true,
      })
      .click();
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('2');
    await admin.page.screenshot({
      path: join(BROWSER_OUTPUT, `turn-figures-${stack.page}.png`),
      fullPage: true,
    });
    expect(admin.consoleErrors).toEqual([]);
  });

  it('a member sees the switch and no figures, and the page never asks for them', async () => {
    const member = await openSettings(stack, 'member');
    // Let any request the block would make go out.
    await member.page.waitForLoadState('networkidle');
    expect(await member.page.getByTestId('turn-figures').count()).toBe(0);
    expect(member.statsRequests).toEqual([]);
    expect(member.consoleErrors).toEqual([]);
  });
});
