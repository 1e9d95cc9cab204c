import { countDocument } from './document-counts';
import { diffDocuments, MAX_LISTED_LINE_CHARS } from './document-diff';
import type { ProseMirrorNode } from './prosemirror-node';

const paragraph = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'paragraph',
  content,
});
const text = (value: string, href?: string): ProseMirrorNode =>
  href === undefined
    ? { type: 'text', text: value }
    : { type: 'text', text: value, marks: [{ type: 'link', attrs: { href } }] };

const older: ProseMirrorNode = {
  type: 'doc',
  content: [
    paragraph(text('We recieve feedback.')),
    paragraph(text('Read '), text('the ', 'https://a.test'), {
      type: 'text',
      text: 'guide',
      marks: [
        { type: 'link', attrs: { href: 'https://a.test' } },
        { type: 'bold' },
      ],
    }),
    { type: 'image', attrs: { src: '/x.png' } },
    paragraph(text('Unchanged line')),
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [{ type: 'tableCell', content: [paragraph(text('cell'))] }],
        },
      ],
    },
  ],
};
const newer: ProseMirrorNode = {
  type: 'doc',
  content: [
    paragraph(text('We receive feedback.')),
    paragraph(text('Unchanged line')),
    paragraph(text('A new closing line.')),
  ],
};

describe('document counts', () => {
  it('counts a link split across marks once', () => {
    expect(countDocument(older)).toEqual({
      images: 1,
      links: 1,
      tables: 1,
      headings: 0,
      commentAnchors: 0,
      embeds: 0,
    });
  });
});

describe('diffDocuments', () => {
  it('reports changed, removed and added lines, and what the newer side lost', () => {
    const diff = diffDocuments(older, newer);
    expect(diff.changes).toEqual([
      {
        type: 'changed',
        before: 'We recieve feedback.',
        after: 'We receive feedback.',
      },
      { type: 'removed', lines: ['Read the guide'] },
      { type: 'removed', lines: ['cell'] },
      { type: 'added', lines: ['A new closing line.'] },
    ]);
    expect(diff).toMatchObject({
      addedLines: 2,
      removedLines: 3,
      unchangedLines: 1,
      truncated: false,
    });
    expect(diff.integrity.images).toEqual({ from: 1, to: 0 });
    expect(diff.warnings).toEqual([
      'images: 1 -> 0 (1 fewer in "to")',
      'links: 1 -> 0 (1 fewer in "to")',
      'tables: 1 -> 0 (1 fewer in "to")',
    ]);
  });

  it('reports no changes between identical documents', () => {
    const diff = diffDocuments(older, older);
    expect(diff.changes).toEqual([]);
    expect(diff.warnings).toEqual([]);
  });

  it('stops listing at the limit and says so', () => {
    const many = (prefix: string): ProseMirrorNode => ({
      type: 'doc',
      content: Array.from({ length: 10 }, (_, index) =>
        paragraph(text(`${prefix} ${index}`)),
      ),
    });
    const diff = diffDocuments(many('a'), many('b'), { maxChangedLines: 6 });
    expect(diff.changes).toHaveLength(3);
    expect(diff.truncated).toBe(true);
    expect(diff.addedLines).toBe(10);
  });

  it('lists a long run of added lines up to the limit', () => {
    const lines = (count: number): ProseMirrorNode => ({
      type: 'doc',
      content: Array.from({ length: count }, (_, index) =>
        paragraph(text(`line ${index}`)),
      ),
    });
    const diff = diffDocuments(lines(1), lines(500), { maxChangedLines: 5 });
    expect(diff.changes).toEqual([
      {
        type: 'added',
        lines: ['line 1', 'line 2', 'line 3', 'line 4', 'line 5'],
      },
    ]);
    expect(diff).toMatchObject({
      addedLines: 499,
      unchangedLines: 1,
      truncated: true,
    });
  });

  it('cuts a very long line in the listing and says how much is left out', () => {
    const long = 'word '.repeat(1_000);
    const diff = diffDocuments(
      { type: 'doc', content: [] },
      { type: 'doc', content: [paragraph(text(long))] },
    );
    expect(diff.changes).toEqual([
      {
        type: 'added',
        lines: [
          `${long.slice(0, MAX_LISTED_LINE_CHARS)}… (3000 more characters)`,
        ],
      },
    ]);
  });

  it('past the work limit lists stretches whole, keeps exact counts, and adds a note', () => {
    const repeated = (words: readonly string[]): ProseMirrorNode => ({
      type: 'doc',
      content: Array.from({ length: 200 }, (_, index) =>
        paragraph(text(words[index % words.length]!)),
      ),
    });
    const diff = diffDocuments(
      repeated(['a', 'b']),
      repeated(['b', 'c', 'a']),
      { maxWork: 100 },
    );
    expect(diff.note).toContain('differ too much to align line by line');
    expect(diff).toMatchObject({
      addedLines: 200,
      removedLines: 200,
      unchangedLines: 0,
    });
    expect(diffDocuments(older, newer).note).toBeUndefined();
  });
});
