import { buildOutline, truncateText } from './outline';
import { SAMPLE_DOCUMENT } from './test-documents.fixture';

describe('buildOutline', () => {
  it('describes each top-level block with index, type, id, level and first text', () => {
    expect(buildOutline(SAMPLE_DOCUMENT)).toEqual([
      {
        index: 0,
        type: 'heading',
        id: 'aaaaa',
        level: 1,
        firstText: 'Roadmap',
      },
      {
        index: 1,
        type: 'paragraph',
        id: 'bbbbb',
        level: null,
        firstText: 'We ship faster with docs.',
      },
      {
        index: 2,
        type: 'bulletList',
        id: null,
        level: null,
        firstText: 'ship the docs',
        items: 2,
      },
      {
        index: 3,
        type: 'table',
        id: null,
        level: null,
        firstText: 'Plan',
        rows: 2,
        cols: 2,
      },
      {
        index: 4,
        type: 'image',
        id: null,
        level: null,
        firstText: 'architecture diagram',
      },
      {
        index: 5,
        type: 'codeBlock',
        id: null,
        level: null,
        firstText: 'ship()',
      },
    ]);
  });

  it('counts colspans in table width and cuts long first text', () => {
    const wide = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', attrs: { colspan: 3 } }],
            },
            { type: 'tableRow', content: [{ type: 'tableCell' }] },
          ],
        },
        {
          type: 'paragraph',
          attrs: { id: 'ppppp' },
          content: [{ type: 'text', text: 'x'.repeat(200) }],
        },
      ],
    };
    const [table, paragraph] = buildOutline(wide);
    expect(table).toMatchObject({ rows: 2, cols: 3 });
    expect(paragraph?.firstText).toHaveLength(80);
    expect(paragraph?.firstText.endsWith('…')).toBe(true);
    expect(truncateText('short', 80)).toBe('short');
  });
});
