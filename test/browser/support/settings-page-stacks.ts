import type { BrowserContext } from 'playwright-core';
import repository from '../../../package.json';
import docmost094Client from '../docmost-0.94-client/package.json';
import germanTexts from '../test-pages/locales/de-DE/translation.json';
import type { TestPageStack } from './test-page';

/** A Workspace settings → AI page of test/browser/test-pages, and what it runs on. */
export interface SettingsPageStack {
  readonly name: string;
  /** The page's file in test/browser/test-pages, without `.tsx`. */
  readonly page: string;
  readonly libraries: TestPageStack;
  /** The React version the page must run. */
  readonly react: string;
  /** What the page shows for one of the client entry's English texts. */
  readonly text: (english: string) => string;
  /**
   * Whether the page's requests are answered as Docmost's server answers them
   * (`answerAsDocmost`).
   */
  readonly docmostEnvelope: boolean;
  /**
   * The locale files the page's i18next HTTP backend loads, by language, as Docmost serves them
   * at `/locales/<language>/translation.json` (`serveLocales`). Default none.
   */
  readonly locales?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The same page on the repository's libraries and on the Docmost fork's client at 0.94.0. */
export const SETTINGS_PAGE_STACKS: readonly SettingsPageStack[] = [
  {
    name: 'React 19.2, fetch, English',
    page: 'ai-settings',
    libraries: 'repository',
    react: repository.devDependencies.react,
    text: (english) => english,
    docmostEnvelope: false,
  },
  {
    name: "Docmost 0.94's client: React 18.3, axios and Docmost's envelope, react-i18next in de-DE",
    page: 'docmost-0.94-ai-settings',
    libraries: 'docmost-0.94',
    react: docmost094Client.devDependencies.react,
    text: (english) => {
      const german = (germanTexts as Record<string, string>)[english];
      if (german === undefined)
        throw new Error(`the de-DE test locale has no text for "${english}"`);
      return german;
    },
    docmostEnvelope: true,
    // en-US is the fallback i18next also loads: Docmost's own file holds none of the package's
    // keys, so the package's English stands for them.
    locales: { 'de-DE': germanTexts, 'en-US': {} },
  },
];

/** The English texts the test locale translates: every text of the client entry. */
export const TRANSLATED_TEXTS: readonly string[] = Object.keys(germanTexts);

/**
 * Answers the page's requests to the host at `baseUrl` as Docmost's server would: each
 * successful JSON body wrapped as `{ data, success, status }` (its global
 * TransformHttpResponseInterceptor); errors go out as they are, as Docmost's exception filter
 * sends them. The reference host answers bare. Resolves to a count of the wrapped answers.
 */
export async function answerAsDocmost(
  context: BrowserContext,
  baseUrl: string,
  isOffline: () => boolean,
): Promise<() => number> {
  let wrapped = 0;
  await context.route(`${baseUrl}/api/**`, async (route) => {
    // Offline, the request goes on to Chromium, which fails it; the test's own fetch would not.
    if (isOffline()) return route.continue();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const data: unknown = await response.json();
    wrapped += 1;
    return route.fulfill({
      response,
      json: { data, success: true, status: response.status() },
    });
  });
  return () => wrapped;
}

/**
 * Answers `<baseUrl>/locales/<language>/translation.json` with `locales[language]`, as
 * Docmost's client serves its locale files; any other language is a 404.
 */
export async function serveLocales(
  context: BrowserContext,
  baseUrl: string,
  locales: Readonly<Record<string, Readonly<Record<string, string>>>>,
): Promise<void> {
  await context.route(`${baseUrl}/locales/**`, (route) => {
    const match = /\/locales\/([^/]+)\/translation\.json$/.exec(
      new URL(route.request().url()).pathname,
    );
    const locale = match === null ? undefined : locales[match[1]!];
    return locale === undefined
      ? route.fulfill({ status: 404, body: 'no such locale' })
      : route.fulfill({ json: locale });
  });
}
