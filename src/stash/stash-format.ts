/** Formats a page can be stashed in. */
export const STASH_FORMATS = ['json', 'markdown'] as const;

export type StashFormat = (typeof STASH_FORMATS)[number];

const CONTENT_TYPES: Readonly<Record<StashFormat, string>> = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
};

const EXTENSIONS: Readonly<Record<StashFormat, string>> = {
  json: 'json',
  markdown: 'md',
};

export function isStashFormat(value: string): value is StashFormat {
  return (STASH_FORMATS as readonly string[]).includes(value);
}

export function stashContentType(format: StashFormat): string {
  return CONTENT_TYPES[format];
}

/** Longest file name stem, in characters, before the extension. */
const MAX_STEM_LENGTH = 80;

/**
 * A download name for a page: its title as an ASCII slug (`Release notes 2.0` ->
 * `release-notes-2-0.json`), `page` when nothing of the title survives.
 */
export function stashFileName(
  title: string | null,
  format: StashFormat,
): string {
  const stem = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .replace(/-+$/, '');
  return `${stem || 'page'}.${EXTENSIONS[format]}`;
}

/** `attachment` with the ASCII name (the only kind stored), quoted for the header. */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`;
}
