import { extractText } from './extract-text';

const text = (value: string, marks?: object[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: object[]) => ({
  type: 'paragraph',
  attrs: { id: 'abcdefghijkl' },
  content,
});

describe('extractText', () => {
  it('puts each block on its own line and keeps marked text inline', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { id: 'hhhhhhhhhhhh', level: 1 },
          content: [text('Roadmap')],
        },
        paragraph(
          text('We ship '),
          text('faster', [{ type: 'bold' }]),
          text(' with '),
          text('docs', [{ type: 'link', attrs: { href: 'https://x.test' } }]),
          text('.'),
        ),
      ],
    };
    expect(extractText(doc)).toBe('Roadmap\nWe ship faster with docs.');
  });

  it('flattens lists and tables into one line per cell or item paragraph', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [paragraph(text('one'))] },
            { type: 'listItem', content: [paragraph(text('two'))] },
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableHeader', content: [paragraph(text('Plan'))] },
                { type: 'tableHeader', content: [paragraph(text('Price'))] },
              ],
            },
            {
              type: 'tableRow',
              content: [
                { type: 'tableCell', content: [paragraph(text('Team'))] },
                { type: 'tableCell', content: [paragraph(text('$8'))] },
              ],
            },
          ],
        },
      ],
    };
    expect(extractText(doc)).toBe('one\ntwo\nPlan\nPrice\nTeam\n$8');
  });

  it('skips blocks without text and renders hard breaks and mentions', () => {
    const doc = {
      type: 'doc',
      content: [
        paragraph(),
        { type: 'image', attrs: { src: '/a.png', alt: 'diagram' } },
        { type: 'horizontalRule' },
        paragraph(
          text('ask '),
          { type: 'mention', attrs: { id: 'u1', label: 'Ada' } },
          { type: 'hardBreak' },
          text('today'),
        ),
      ],
    };
    expect(extractText(doc)).toBe('ask Ada\ntoday');
  });

  it('returns an empty string for input that is not a node', () => {
    expect(extractText(null)).toBe('');
    expect(extractText('doc')).toBe('');
    expect(extractText([text('x')])).toBe('');
    expect(extractText({ type: 'doc', content: 'oops' })).toBe('');
  });

  it('extracts a lone text node', () => {
    expect(extractText(text('hello'))).toBe('hello');
  });
});
