import { exported, LINK, paragraph, text } from './markdown-nodes.fixture';

/** Inline content as documentToMarkdown writes it: text, marks, links and inline nodes. */
describe('documentToMarkdown: inline content', () => {
  it('escapes text that would read as Markdown syntax, and only where it would', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text(
            '# not a heading, 1. not a list, *not bold*, snake_case, a < b & c, <u>, {#abcdefghijkl}',
          ),
        ),
      ),
    ).toBe(
      '\\# not a heading, 1. not a list, \\*not bold\\*, snake_case, a < b & c, \\<u>, \\{#abcdefghijkl} {#aaaaaaaaaaaa}\n',
    );
    expect(
      exported(paragraph('aaaaaaaaaaaa', text('1. starts like a list'))),
    ).toBe('1\\. starts like a list {#aaaaaaaaaaaa}\n');
  });

  it('keeps whitespace at the edges of a block and line breaks inside text with character references', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text(' padded\ttext '),
          { type: 'hardBreak' },
          text('  next'),
          { type: 'hardBreak' },
        ),
      ),
    ).toBe('&#32;padded\ttext \\\n&#32; next<br> {#aaaaaaaaaaaa}\n');
    expect(exported(paragraph('aaaaaaaaaaaa', text('one\ntwo')))).toBe(
      'one&#10;two {#aaaaaaaaaaaa}\n',
    );
  });

  it('writes marks as Markdown delimiters, and as tags where delimiters would be misread', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('b', { type: 'bold' }),
          text(' '),
          text('i', { type: 'italic' }),
          text(' '),
          text('s', { type: 'strike' }),
          text(' '),
          text('c`d', { type: 'code' }),
          text(' '),
          text('u', { type: 'underline' }),
        ),
      ),
    ).toBe('**b** _i_ ~~s~~ ``c`d`` <u>u</u> {#aaaaaaaaaaaa}\n');
    // Bold ending in a space cannot close with `**`; italic inside a word cannot use `_`.
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('bold ', { type: 'bold' }),
          text('x'),
          text('word', { type: 'italic' }),
          text('y'),
        ),
      ),
    ).toBe('<strong>bold </strong>x<em>word</em>y {#aaaaaaaaaaaa}\n');
  });

  it('keeps the order of marks on each text', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('x', { type: 'bold' }, { type: 'italic' }),
          text(' '),
          text('y', { type: 'italic' }, { type: 'bold' }),
        ),
      ),
    ).toBe('**_x_** _**y**_ {#aaaaaaaaaaaa}\n');
  });

  it('keeps a link right after an exclamation mark a link, not an image', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('Wow!'),
          text('docs', { type: 'link', attrs: { href: '/d', ...LINK } }),
        ),
      ),
    ).toBe('Wow\\![docs](/d) {#aaaaaaaaaaaa}\n');
  });

  it('writes links with Docmost default attributes as Markdown links, others as mark spans', () => {
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('docs', {
            type: 'link',
            attrs: { href: 'https://acme.test/a b(1)', ...LINK },
          }),
        ),
      ),
    ).toBe('[docs](<https://acme.test/a b(1)>) {#aaaaaaaaaaaa}\n');
    expect(
      exported(
        paragraph(
          'aaaaaaaaaaaa',
          text('x', { type: 'link', attrs: { href: '/x', target: null } }),
        ),
      ),
    ).toBe(
      `<span data-mark="link" data-attrs='{&quot;href&quot;:&quot;/x&quot;,&quot;target&quot;:null}'>x</span> {#aaaaaaaaaaaa}\n`,
    );
  });

  it('writes mentions and other inline nodes as node spans', () => {
    expect(
      exported(
        paragraph('aaaaaaaaaaaa', text('Ask '), {
          type: 'mention',
          attrs: { id: 'u1', label: "Maya O'Neil" },
        }),
      ),
    ).toBe(
      `Ask <span data-node="mention" data-attrs='{&quot;id&quot;:&quot;u1&quot;,&quot;label&quot;:&quot;Maya O&#39;Neil&quot;}'></span> {#aaaaaaaaaaaa}\n`,
    );
  });
});
