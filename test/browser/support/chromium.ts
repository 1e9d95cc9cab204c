import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), or `CHROMIUM_PATH`. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the browser tests keep what they record (screenshots): CI keeps it as an artefact. */
export const BROWSER_OUTPUT = join(
  __dirname,
  '..',
  '..',
  '..',
  'test-output',
  'browser',
);

/**
 * Starts headless Chromium from the machine's packages (Playwright's own browser downloads are
 * not used). Without the network flags Chromium reaches out to Google's hosts at every start.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(EXECUTABLE))
    throw new Error(
      `no Chromium at ${EXECUTABLE}: install Debian's package (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH`,
    );
  mkdirSync(BROWSER_OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Keeps every console error and uncaught exception of `page` from now on, in order: the browser
 * tests fail on any (a page that works but logs an error is not clean).
 */
export function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
