import fc from 'fast-check';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import { findNodeIssues } from '../prosemirror/validate-node';
import { MarkdownSyntaxError } from './markdown-syntax-error';
import { markdownToDocument } from './markdown-to-document';

const LINK = { target: '_blank', rel: 'noopener noreferrer nofollow' };
const CELL = { colspan: 1, rowspan: 1, colwidth: null };

function blocks(markdown: string): readonly ProseMirrorNode[] {
  return markdownToDocument(markdown).content ?? [];
}

function text(
  value: string,
  ...marks: ProseMirrorNode['marks'][]
): ProseMirrorNode {
  const applied = marks.flatMap((mark) => mark ?? []);
  return applied.length > 0
    ? { type: 'text', text: value, marks: applied }
    : { type: 'text', text: value };
}

function syntaxError(markdown: string): MarkdownSyntaxError {
  try {
    markdownToDocument(markdown);
  } catch (error) {
    if (error instanceof MarkdownSyntaxError) return error;
    throw error;
  }
  throw new Error(
    `expected a MarkdownSyntaxError for ${JSON.stringify(markdown)}`,
  );
}

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
      text('b', [{ type: 'bold' }]),
      text(' '),
      text('i', [{ type: 'italic' }]),
      text(' '),
      text('i', [{ type: 'italic' }]),
      text(' '),
      text('s', [{ type: 'strike' }]),
      text(' '),
      text('c', [{ type: 'code' }]),
      text(' '),
      text('u', [{ type: 'underline' }]),
      text(' '),
      text('2', [{ type: 'subscript' }]),
      text('3', [{ type: 'superscript' }]),
      text(' '),
      text('both', [{ type: 'bold' }, { type: 'italic' }]),
      text(' '),
      text('both', [{ type: 'italic' }, { type: 'bold' }]),
    ]);
  });

  it('reads links and autolinks with the attributes Docmost gives links, keeping the target exactly', () => {
    expect(
      blocks(
        '[Roadmap](/s/product/p/VFEpewF8Mc) and <https://acme.test/ä?a=1&b=2>',
      )[0]!.content,
    ).toEqual([
      text('Roadmap', [
        { type: 'link', attrs: { href: '/s/product/p/VFEpewF8Mc', ...LINK } },
      ]),
      text(' and '),
      text('https://acme.test/ä?a=1&b=2', [
        {
          type: 'link',
          attrs: { href: 'https://acme.test/ä?a=1&b=2', ...LINK },
        },
      ]),
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

describe('markdownToDocument: Docmost annotations', () => {
  it('reads block attributes at the end of paragraphs, headings and table cells', () => {
    expect(
      blocks(
        '## Q3 {#hgazsmjfdval}\n\nText {#slbixqgkzfws textAlign=center}\n\n{#emptyparagra}\n\n| Plan {#yhpmigltxevy} |\n| --- |',
      ),
    ).toEqual([
      {
        type: 'heading',
        attrs: { id: 'hgazsmjfdval', level: 2 },
        content: [text('Q3')],
      },
      {
        type: 'paragraph',
        attrs: { id: 'slbixqgkzfws', textAlign: 'center' },
        content: [text('Text')],
      },
      { type: 'paragraph', attrs: { id: 'emptyparagra' } },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableHeader',
                attrs: CELL,
                content: [
                  {
                    type: 'paragraph',
                    attrs: { id: 'yhpmigltxevy' },
                    content: [text('Plan')],
                  },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('reads typed attribute values: JSON strings, numbers, booleans, null, arrays, and bare words as strings', () => {
    expect(
      blocks(
        'x {#abcdefghijkl a="two words" b=3 c=true d=null e=[1,"}"] f=center}',
      )[0]!.attrs,
    ).toEqual({
      id: 'abcdefghijkl',
      a: 'two words',
      b: 3,
      c: true,
      d: null,
      e: [1, '}'],
      f: 'center',
    });
  });

  it('leaves braces that are not an attribute block, or not at the end, as text', () => {
    expect(blocks('Use {name} here')[0]).toEqual({
      type: 'paragraph',
      content: [text('Use {name} here')],
    });
    expect(blocks('a {#abcdefghijkl} b')[0]).toEqual({
      type: 'paragraph',
      content: [text('a {#abcdefghijkl} b')],
    });
    expect(blocks('a \\{#abcdefghijkl}')[0]).toEqual({
      type: 'paragraph',
      content: [text('a {#abcdefghijkl}')],
    });
  });

  it('reads image attributes written right after the image', () => {
    expect(blocks('![Diagram](/files/d.png){align=center width=320}')).toEqual([
      {
        type: 'image',
        attrs: {
          src: '/files/d.png',
          alt: 'Diagram',
          title: null,
          align: 'center',
          width: 320,
        },
      },
    ]);
    // Any key the grammar allows is an ordinary attribute, "__proto__" included, as on paragraphs.
    const [image] = blocks('![D](/d.png){__proto__={"width":999}}');
    expect(Object.getPrototypeOf(image!.attrs)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(image))).toEqual(
      JSON.parse(
        '{"type":"image","attrs":{"src":"/d.png","alt":"D","title":null,"__proto__":{"width":999}}}',
      ),
    );
  });

  it('reads callouts written as GitHub alerts, with or without a blank line, type lowercased, attributes after the marker; empty ones hold a paragraph', () => {
    const paragraph = { type: 'paragraph', content: [text('Back up first.')] };
    expect(blocks('> [!warning]\n>\n> Back up first.')).toEqual([
      { type: 'callout', attrs: { type: 'warning' }, content: [paragraph] },
    ]);
    expect(blocks('> [!NOTE] {icon="💡"}\n> Back up first.')).toEqual([
      {
        type: 'callout',
        attrs: { type: 'note', icon: '💡' },
        content: [paragraph],
      },
    ]);
    expect(blocks('> \\[!info\\]')[0]).toEqual({
      type: 'blockquote',
      content: [{ type: 'paragraph', content: [text('[!info]')] }],
    });
    expect(blocks('> [!info]\n\n>')).toEqual([
      {
        type: 'callout',
        attrs: { type: 'info' },
        content: [{ type: 'paragraph' }],
      },
      { type: 'blockquote', content: [{ type: 'paragraph' }] },
    ]);
  });

  it('reads comment anchors, other marks and inline nodes from their spans', () => {
    expect(
      blocks(
        'a <span data-comment-id="c-1" data-resolved="false">b</span> <span data-mark="highlight" data-attrs=\'{"color":"#fef08a"}\'>c</span> <span data-node="mention" data-attrs=\'{"id":"u1","label":"Maya"}\'></span>',
      )[0]!.content,
    ).toEqual([
      text('a '),
      text('b', [
        { type: 'comment', attrs: { commentId: 'c-1', resolved: false } },
      ]),
      text(' '),
      text('c', [{ type: 'highlight', attrs: { color: '#fef08a' } }]),
      text(' '),
      { type: 'mention', attrs: { id: 'u1', label: 'Maya' } },
    ]);
  });

  it('reads a docmost-json block as the node it holds, and a lone one holding a doc as the whole document', () => {
    expect(
      blocks(
        '```docmost-json\n{"type":"mathBlock","attrs":{"text":"x^2"}}\n```',
      ),
    ).toEqual([{ type: 'mathBlock', attrs: { text: 'x^2' } }]);
    const whole = { type: 'doc', attrs: { custom: 1 }, content: [] };
    expect(
      markdownToDocument(
        `\`\`\`docmost-json\n${JSON.stringify(whole)}\n\`\`\``,
      ),
    ).toEqual(whole);
  });

  it('puts the docmost-defaults values back on every node and mark of their type; values written on a node win', () => {
    const markdown =
      '```docmost-defaults\n{"nodes":{"paragraph":{"textAlign":"left"}},"marks":{"link":{"class":null}}}\n```\n\n[a](/a)\n\nb {textAlign=right}';
    expect(blocks(markdown)).toEqual([
      {
        type: 'paragraph',
        attrs: { textAlign: 'left' },
        content: [
          text('a', [
            { type: 'link', attrs: { href: '/a', ...LINK, class: null } },
          ]),
        ],
      },
      {
        type: 'paragraph',
        attrs: { textAlign: 'right' },
        content: [text('b')],
      },
    ]);
  });
});

describe('markdownToDocument: errors name the line and what is valid', () => {
  it('refuses a docmost-json block that is not JSON or not a node', () => {
    expect(
      syntaxError('Intro\n\n```docmost-json\n{"type": \n```').message,
    ).toMatch(/^line 3: the docmost-json block is not valid JSON/);
    expect(syntaxError('```docmost-json\n[1]\n```').message).toContain(
      'a JSON object with a string "type"',
    );
  });

  it('refuses a whole-document block next to other content', () => {
    expect(
      syntaxError('Text\n\n```docmost-json\n{"type":"doc","content":[]}\n```')
        .message,
    ).toMatch(/^line 3: .*must be the only content/);
  });

  it('refuses tags that are never closed or do not nest; a closing tag alone is text', () => {
    expect(syntaxError('ok\n\nsome <u>text').message).toMatch(
      /^line 3: <u> is opened but never closed.*<\/u>/,
    );
    expect(blocks('text</u> and </span>')[0]).toEqual({
      type: 'paragraph',
      content: [text('text</u> and </span>')],
    });
    expect(syntaxError('**a <u>b** c</u>').message).toContain(
      'not nested properly',
    );
  });

  it('refuses malformed span attributes and callout attribute blocks', () => {
    expect(
      syntaxError('<span data-mark="highlight" data-attrs=\'{bad}\'>x</span>')
        .message,
    ).toContain('data-attrs is not valid JSON');
    expect(syntaxError('> [!info] {icon=}\n> x').message).toMatch(
      /^line 1: the callout marker .* malformed attribute block/,
    );
  });

  it('refuses a malformed docmost-defaults block', () => {
    expect(
      syntaxError('```docmost-defaults\n{"nodes":{"paragraph":1}}\n```')
        .message,
    ).toContain('must be {"nodes"');
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
