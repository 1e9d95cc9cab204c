import { createInstance } from 'i18next';
import germanTexts from '../../test/browser/test-pages/locales/de-DE/translation.json';
import { DOCMOST_I18N_OPTIONS } from '../../test/browser/test-pages/docmost-i18n';
import {
  DEFERRED_TOOLS_TEXTS,
  TURN_FIGURES_TEXTS,
  translateInEnglish,
} from '../index';

/**
 * The components' texts through real i18next, set up as the Docmost fork's client sets it up
 * (i18next 25.10.1, its options, keys that are English sentences with `:` and `.` in them, which
 * are also i18next's namespace and key separators): a locale that has a key shows its text, one
 * that lacks it shows the English. The browser test (test/browser/deferred-tools-setting.spec.ts)
 * shows the same through react-i18next's `t` on a page.
 */
const KEYS = [
  ...new Set([
    ...Object.values(DEFERRED_TOOLS_TEXTS),
    ...Object.values(TURN_FIGURES_TEXTS),
  ]),
];

/** A value for each `{{placeholder}}` of `key`, its name in angle brackets. */
function valuesFor(key: string): Record<string, string> {
  return Object.fromEntries(
    [...key.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name]) => [
      name!,
      `<${name}>`,
    ]),
  );
}

async function docmostI18next(language: string) {
  const i18n = createInstance();
  await i18n.init({
    ...DOCMOST_I18N_OPTIONS,
    lng: language,
    resources: { 'de-DE': { translation: germanTexts } },
  });
  return i18n;
}

it('the test locale translates every text of the client entry, and nothing else', () => {
  expect(Object.keys(germanTexts).sort()).toEqual([...KEYS].sort());
});

it("shows a locale's text for each key, placeholders filled in", async () => {
  const i18n = await docmostI18next('de-DE');
  for (const key of KEYS) {
    const german = (germanTexts as Record<string, string>)[key]!;
    expect(i18n.t(key, valuesFor(key))).toBe(
      translateInEnglish(german, valuesFor(key)),
    );
  }
});

it('shows the English, placeholders filled in, for a key the locale lacks', async () => {
  // fr-FR has no strings here: every key falls back to en-US, which has none either.
  const i18n = await docmostI18next('fr-FR');
  for (const key of KEYS)
    expect(i18n.t(key, valuesFor(key))).toBe(
      translateInEnglish(key, valuesFor(key)),
    );
});
