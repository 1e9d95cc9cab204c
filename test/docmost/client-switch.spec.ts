/**
 * The switch in Docmost's own client: `apps/client` with the package added and the README's
 * `ai-settings.tsx` lines (client-mount.ts), built as Docmost builds it and cached
 * (client-build.ts), served by Docmost's own server, in headless Chromium. The owner turns
 * deferred tools off on Docmost's settings page and the next chat turn sends every tool; a
 * member sees the switch read-only, and an update forced from the member's tab is 403; Docmost's
 * pages log no console error.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchChromium,
  recordConsoleErrors,
} from '../browser/support/chromium';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import { clientInputs, prepareClient, serveClientTree } from './client-build';
import { emptyDatabase, preparedDocmost, recordFigure } from './docmost-checks';
import { DocmostServer, newAppSecret } from './docmost-process';
import { setUpPeople, type Workspace } from './docmost-people';
import {
  chatTurn,
  clearDocmostThrottles,
  scripted,
  StandInModel,
  systemPrompt,
  toolNames,
  useStandInModel,
} from './stand-in-model';
import type { DocmostSession } from './docmost-api';

const prepared = preparedDocmost();

/** The component's own texts (client/settings/deferred-tools), English in Docmost's en-US. */
const SWITCH_NAME = 'Deferred tools';
const READ_ONLY_REASON =
  'Only workspace owners and admins can change this setting.';

describe("the switch in Docmost's own client", () => {
  let redis: RedisServerUnderTest;
  let model: StandInModel;
  let server: DocmostServer;
  let removeTree: (() => void) | undefined;
  let browser: Browser;
  let workspace: Workspace;
  const contexts: BrowserContext[] = [];

  /** A person's tab on Docmost's AI settings page, signed in with their cookie. */
  async function openSettings(
    session: DocmostSession,
  ): Promise<{ page: Page; consoleErrors: string[] }> {
    const context = await browser.newContext();
    contexts.push(context);
    await context.addCookies([
      { name: 'authToken', value: session.authToken!, url: server.url },
    ]);
    const page = await context.newPage();
    const consoleErrors = recordConsoleErrors(page);
    await page.goto(`${server.url}/settings/ai`);
    await page.getByRole('switch', { name: SWITCH_NAME }).waitFor({
      timeout: 60_000,
    });
    return { page, consoleErrors };
  }

  async function turn(session: DocmostSession) {
    await clearDocmostThrottles(redis.url);
    model.clearRequests();
    await chatTurn(session, { text: 'What is on this page?' });
    return model.requests[0];
  }

  async function storedDeferredTools(): Promise<boolean> {
    return (
      await workspace.people.owner.session.call<{ deferredTools: boolean }>(
        'ai-tools/settings/info',
      )
    ).deferredTools;
  }

  beforeAll(async () => {
    const started = Date.now();
    const client = await prepareClient(clientInputs(prepared));
    const tree = serveClientTree(prepared, client);
    removeTree = tree.remove;
    if (client.installedInSeconds !== undefined)
      recordFigure(
        "Docmost's client install (cold, kept for later runs)",
        `${client.installedInSeconds} s`,
      );
    recordFigure(
      client.builtInSeconds === undefined
        ? "Docmost's client with the README's lines, a cached build reused and copied beside the server (warm)"
        : "Docmost's client with the README's lines, built (cold: tsc and vite build) and copied beside the server",
      `${((Date.now() - started) / 1000 - (client.installedInSeconds ?? 0)).toFixed(1)} s`,
    );
    redis = await startRedisServer();
    model = await StandInModel.start(scripted([]));
    const databaseUrl = await emptyDatabase('client_switch');
    server = await DocmostServer.start({
      name: 'client-switch',
      serverDirectory: tree.serverDirectory,
      preloads: prepared.preloads,
      databaseUrl,
      redisUrl: redis.url,
      appSecret: newAppSecret(),
    });
    workspace = await setUpPeople(server.url, databaseUrl);
    await useStandInModel(workspace.people.owner.session, model);
    browser = await launchChromium();
  }, 45 * 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await model?.close();
    await redis?.stop();
    removeTree?.();
  });

  test("the owner turns deferred tools off on Docmost's settings page, and the next chat turn sends every tool", async () => {
    const owner = workspace.people.owner.session;
    await owner.call('ai-tools/settings/update', { deferredTools: true });
    const on = await turn(owner);
    expect(toolNames(on)).toContain('loadTools');
    expect(systemPrompt(on)).toContain('<tool_catalog');

    const tab = await openSettings(owner);
    const toggle = tab.page.getByRole('switch', { name: SWITCH_NAME });
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(false);
    await toggle.click();
    const deadline = Date.now() + 15_000;
    while ((await storedDeferredTools()) !== false) {
      if (Date.now() > deadline)
        throw new Error('the switch turned off was not stored within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await toggle.isChecked()).toBe(false);

    const off = await turn(owner);
    expect(toolNames(off)).not.toContain('loadTools');
    expect(systemPrompt(off)).not.toContain('<tool_catalog');
    // Every tool: ON named them all (the deferred ones as name-only stubs) beside loadTools.
    expect(toolNames(off)).toEqual(
      toolNames(on).filter((name) => name !== 'loadTools'),
    );
    expect(toolNames(off)).toEqual(
      expect.arrayContaining(['getPage', 'createComment', 'stashPage']),
    );

    // Read again on a new load, the page shows what is stored.
    await tab.page.reload();
    const reloaded = tab.page.getByRole('switch', { name: SWITCH_NAME });
    await reloaded.waitFor();
    expect(await reloaded.isChecked()).toBe(false);
    expect(tab.consoleErrors).toEqual([]);
  });

  test('a member sees the switch read-only with the reason, and an update forced from their tab is 403', async () => {
    const tab = await openSettings(workspace.people.member.session);
    const toggle = tab.page.getByRole('switch', { name: SWITCH_NAME });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(await storedDeferredTools());
    expect(await tab.page.getByText(READ_ONLY_REASON).isVisible()).toBe(true);
    const before = await storedDeferredTools();
    await toggle.click({ force: true });
    expect(await toggle.isChecked()).toBe(before);
    expect(tab.consoleErrors).toEqual([]);

    // Past the component: the member's own cookie, Docmost's route, refused by the server.
    const forced = await tab.page.evaluate(async (deferredTools) => {
      const response = await fetch('/api/ai-tools/settings/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deferredTools }),
      });
      return { status: response.status, body: await response.text() };
    }, !before);
    expect(forced.status).toBe(403);
    expect(await storedDeferredTools()).toBe(before);
    // The only console line is Chromium's own about the refused request.
    expect(tab.consoleErrors).toEqual([
      expect.stringContaining('status of 403'),
    ]);
  });
});
