/**
 * Translates one of the components' strings. Keys are the English texts themselves, with
 * `{{name}}` placeholders, as Docmost's client keys its strings, so react-i18next's `t` from
 * `useTranslation()` fits as it is: a key missing from the host's catalogs shows in English.
 */
export type Translate = (
  key: string,
  values?: Readonly<Record<string, string>>,
) => string;

/** The default without a host's `t`: the English key with its placeholders filled in. */
export const translateInEnglish: Translate = (key, values = {}) =>
  key.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in values ? values[name]! : placeholder,
  );
