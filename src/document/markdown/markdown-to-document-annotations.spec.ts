import { MarkdownSyntaxError } from './markdown-syntax-error';
import { markdownToDocument } from './markdown-to-document';
import { blocks, CELL, LINK, text } from './markdown-nodes.fixture';

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
      text('b', {
        type: 'comment',
        attrs: { commentId: 'c-1', resolved: false },
      }),
      text(' '),
      text('c', { type: 'highlight', attrs: { color: '#fef08a' } }),
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
          text('a', {
            type: 'link',
            attrs: { href: '/a', ...LINK, class: null },
          }),
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
