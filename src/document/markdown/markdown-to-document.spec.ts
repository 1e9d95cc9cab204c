import fc from 'fast-check';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import { findNodeIssues } from '../prosemirror/validate-node';
import { MarkdownSyntaxError } from './markdown-syntax-error';
import { markdownToDocument } from './markdown-to-document';
import { blocks, CELL, LINK, text } from './markdown-nodes.fixture';

describe('markdownToDocument: plain Markdown', () => {
  it('reads paragraphs, joining wrapped lines with a space, and an empty file as an empty document', () => {
    expect(markdownToDocument('')).toEqual({ type: 'doc', content: [] });
    expect(blocks('First line\nsecond line.\n\nNext paragraph.')).toEqual([
      { type: 'paragraph', content: [text('First line second line.')] },
      { type: 'paragraph', content: [text('Next paragraph.')] },
    ]);
  });

  it('reads ATX and setext headings of every level', () => {
    expect(
      blocks(
        '# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n\nSeven\n===',
      ).map((block) => [block.attrs?.level, block.content?.[0]?.text]),
    ).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
      [4, 'Four'],
      [5, 'Five'],
      [6, 'Six'],
      [1, 'Seven'],
    ]);
  });

  it('reads bold, italic, strike, code, underline, sub and superscript, nesting marks outermost first', () => {
    expect(
      blocks(
        '**b** _i_ *i* ~~s~~ `c` <u>u</u> <sub>2</sub><sup>3</sup> **_both_** _**both**_',
      )[0]!.content,
    ).toEqual([
      text('b', { type: 'bold' }),
      text(' '),
      text('i', { type: 'italic' }),
      text(' '),
      text('i', { type: 'italic' }),
      text(' '),
      text('s', { type: 'strike' }),
      text(' '),
      text('c', { type: 'code' }),
      text(' '),
      text('u', { type: 'underline' }),
      text(' '),
      text('2', { type: 'subscript' }),
      text('3', { type: 'superscript' }),
      text(' '),
      text('both', { type: 'bold' }, { type: 'italic' }),
      text(' '),
      text('both', { type: 'italic' }, { type: 'bold' }),
    ]);
  });

  it('reads links and autolinks with the attributes Docmost gives links, keeping the target exactly', () => {
    expect(
      blocks(
        '[Roadmap](/s/product/p/VFEpewF8Mc) and <https://acme.test/ä?a=1&b=2>',
      )[0]!.content,
    ).toEqual([
      text('Roadmap', {
        type: 'link',
        attrs: { href: '/s/product/p/VFEpewF8Mc', ...LINK },
      }),
      text(' and '),
      text('https://acme.test/ä?a=1&b=2', {
        type: 'link',
        attrs: { href: 'https://acme.test/ä?a=1&b=2', ...LINK },
      }),
    ]);
  });

  it('reads hard breaks: two trailing spaces, a backslash, and <br>', () => {
    expect(blocks('a  \nb\\\nc<br>d')[0]!.content).toEqual([
      text('a'),
      { type: 'hardBreak' },
      text('b'),
      { type: 'hardBreak' },
      text('c'),
      { type: 'hardBreak' },
      text('d'),
    ]);
  });

  it('reads images as blocks, splitting a paragraph around them', () => {
    expect(blocks('![A diagram](/files/d.png "Title")')).toEqual([
      {
        type: 'image',
        attrs: { src: '/files/d.png', alt: 'A diagram', title: 'Title' },
      },
    ]);
    expect(blocks('Before ![x](/x.png) after')).toEqual([
      { type: 'paragraph', content: [text('Before ')] },
      { type: 'image', attrs: { src: '/x.png', alt: 'x', title: null } },
      { type: 'paragraph', content: [text(' after')] },
    ]);
  });

  it('reads nested bullet and ordered lists, keeping the first number', () => {
    expect(blocks('- a\n  1. b\n  2. c\n- d\n\n3. e')).toEqual([
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [
              { type: 'paragraph', content: [text('a')] },
              {
                type: 'orderedList',
                attrs: { start: 1 },
                content: [
                  {
                    type: 'listItem',
                    content: [{ type: 'paragraph', content: [text('b')] }],
                  },
                  {
                    type: 'listItem',
                    content: [{ type: 'paragraph', content: [text('c')] }],
                  },
                ],
              },
            ],
          },
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [text('d')] }],
          },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3 },
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [text('e')] }],
          },
        ],
      },
    ]);
  });

  it('reads task lists only when every item has a checkbox', () => {
    expect(blocks('- [ ] open\n- [x] done\n  - [X] nested')).toEqual([
      {
        type: 'taskList',
        content: [
          {
            type: 'taskItem',
            attrs: { checked: false },
            content: [{ type: 'paragraph', content: [text('open')] }],
          },
          {
            type: 'taskItem',
            attrs: { checked: true },
            content: [
              { type: 'paragraph', content: [text('done')] },
              {
                type: 'taskList',
                content: [
                  {
                    type: 'taskItem',
                    attrs: { checked: true },
                    content: [{ type: 'paragraph', content: [text('nested')] }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(blocks('- [ ] a\n- b')[0]).toMatchObject({
      type: 'bulletList',
      content: [{ content: [{ content: [text('[ ] a')] }] }, {}],
    });
  });

  it('gives a list item that starts with another block the leading paragraph Docmost requires', () => {
    expect(blocks('- ```\n  code\n  ```')[0]!.content![0]!.content).toEqual([
      { type: 'paragraph' },
      { type: 'codeBlock', attrs: { language: null }, content: [text('code')] },
    ]);
  });

  it('reads blockquotes, fenced code with its language, indented code and rules', () => {
    expect(
      blocks(
        '> quoted\n\n```ts\nconst a = 1;\n\n```\n\n    indented\n\n---\n\n```\n```',
      ),
    ).toEqual([
      {
        type: 'blockquote',
        content: [{ type: 'paragraph', content: [text('quoted')] }],
      },
      {
        type: 'codeBlock',
        attrs: { language: 'ts' },
        content: [text('const a = 1;\n')],
      },
      {
        type: 'codeBlock',
        attrs: { language: null },
        content: [text('indented')],
      },
      { type: 'horizontalRule' },
      { type: 'codeBlock', attrs: { language: null } },
    ]);
  });

  it('reads GFM tables: the header row as tableHeader cells, alignment ignored, empty cells as empty paragraphs', () => {
    expect(blocks('| Plan | Price |\n|:--|--:|\n| Team | |')).toEqual([
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableHeader',
                attrs: CELL,
                content: [{ type: 'paragraph', content: [text('Plan')] }],
              },
              {
                type: 'tableHeader',
                attrs: CELL,
                content: [{ type: 'paragraph', content: [text('Price')] }],
              },
            ],
          },
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableCell',
                attrs: CELL,
                content: [{ type: 'paragraph', content: [text('Team')] }],
              },
              {
                type: 'tableCell',
                attrs: CELL,
                content: [{ type: 'paragraph' }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps any other HTML, entities decoded, as literal text', () => {
    expect(
      blocks(
        '<div>x</div> <script>alert(1)</script> <span class="x">y</span> &amp; &lt;',
      ),
    ).toEqual([
      {
        type: 'paragraph',
        content: [
          text(
            '<div>x</div> <script>alert(1)</script> <span class="x">y</span> & <',
          ),
        ],
      },
    ]);
  });
});

describe('markdownToDocument: any Markdown', () => {
  const PIECES = [
    'word ',
    '\n',
    '\n\n',
    '  ',
    '    ',
    '\t',
    '# ',
    '## ',
    '- ',
    '* ',
    '1. ',
    '3) ',
    '> ',
    '> [!info]\n',
    '[ ] ',
    '[x] ',
    '```',
    '```js\n',
    '~~~',
    '---',
    '===',
    '| a | b |\n',
    '|---|---|\n',
    '![i](/x.png)',
    '[l](/y)',
    '<https://x.test>',
    '<u>',
    '</u>',
    '<br>',
    '</span>',
    '<div>',
    '&amp;',
    '{#abcdefghijkl}',
    '{a=1}',
    '**',
    '_',
    '`',
    '~~',
    '\\',
    '<span data-node="mention"></span>',
    '```docmost-json\n{"type":"paragraph"}\n```\n',
  ];

  it("reads as a document Docmost's editor accepts, or fails with a MarkdownSyntaxError", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }),
        (pieces) => {
          let doc: ProseMirrorNode;
          try {
            doc = markdownToDocument(pieces.join(''));
          } catch (error) {
            expect(error).toBeInstanceOf(MarkdownSyntaxError);
            return;
          }
          // An attribute block may name any attribute; one its node type does not declare is
          // refused by name when the document is written (readMarkdownDocument validates it).
          expect(
            findNodeIssues(doc, { label: 'doc' }).filter(
              (issue) => issue.unknown !== 'attribute',
            ),
          ).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
