import type { InitOptions } from 'i18next';

/**
 * The i18next options of the Docmost fork's client at 0.94.0 (apps/client/src/i18n.ts); its
 * HTTP backend (`/locales/<language>/translation.json`) is added by the page that uses it, a
 * Node spec gives the strings as `resources`. Keys are the English texts, with i18next's
 * default `:` and `.` separators left on, as Docmost leaves them.
 */
export const DOCMOST_I18N_OPTIONS: InitOptions = {
  fallbackLng: 'en-US',
  debug: false,
  showSupportNotice: false,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
