import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One person in their own browser context (own session storage, own token). */
export interface WebAppUser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Opens a page from the sidebar and waits until its editor is live. */
  openPage(title: string): Promise<void>;
  /** The open page's text as the editor shows it. */
  editorText(): Promise<string>;
  /** Types at the end of the editor's first paragraph. */
  typeInFirstParagraph(text: string): Promise<void>;
  sendChat(message: string): Promise<void>;
  /**
   * Every error the page logged to the console or threw since it was opened (a CSP violation
   * included), then forgotten: a test expects none.
   */
  takeConsoleErrors(): readonly string[];
}

/** Signs in through the picker as the user with `email`, in a fresh browser context. */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  email: string,
): Promise<WebAppUser> {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 850 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(error.message);
    consoleErrors.push(`uncaught: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await page.locator('nav.sidebar a').first().waitFor();
  return {
    context,
    page,
    async openPage(title) {
      await page.locator('nav.sidebar a', { hasText: title }).first().click();
      await page.locator('.connection-synced').waitFor({ timeout: 15_000 });
      if (errors.length > 0)
        throw new Error(`the page threw: ${errors.join('; ')}`);
    },
    editorText: () => page.locator('.editor-content').innerText(),
    async typeInFirstParagraph(text) {
      await page.locator('.editor-content p').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type(text, { delay: 20 });
    },
    async sendChat(message) {
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Send' }).click();
    },
    takeConsoleErrors() {
      return consoleErrors.splice(0);
    },
  };
}
