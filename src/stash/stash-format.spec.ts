import {
  contentDisposition,
  stashContentType,
  stashFileName,
} from './stash-format';

describe('stash download names and types', () => {
  it('names the file after the page title as an ASCII slug with the format extension', () => {
    expect(stashFileName('Release notes 2.0', 'json')).toBe(
      'release-notes-2-0.json',
    );
    expect(stashFileName('Café Überblick — Q3', 'markdown')).toBe(
      'cafe-uberblick-q3.md',
    );
  });

  it('falls back to "page" when nothing of the title survives, and caps the length', () => {
    expect(stashFileName(null, 'json')).toBe('page.json');
    expect(stashFileName('日本語のページ', 'json')).toBe('page.json');
    expect(stashFileName(`${'a'.repeat(79)} b`, 'json')).toBe(
      `${'a'.repeat(79)}.json`,
    );
  });

  it('sends JSON and Markdown as UTF-8 with an attachment disposition', () => {
    expect(stashContentType('json')).toBe('application/json; charset=utf-8');
    expect(stashContentType('markdown')).toBe('text/markdown; charset=utf-8');
    expect(contentDisposition('release-notes.json')).toBe(
      'attachment; filename="release-notes.json"',
    );
    expect(contentDisposition('a"b\r\n.json')).toBe(
      'attachment; filename="a_b__.json"',
    );
  });
});
