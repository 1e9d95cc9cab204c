import type {
  ProseMirrorMark,
  ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import {
  documentToMarkdown,
  exportDocumentMarkdown,
} from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

const LINK = { target: '_blank', rel: 'noopener noreferrer nofollow' };
const CELL = { colspan: 1, rowspan: 1, colwidth: null };

function text(value: string, ...marks: ProseMirrorMark[]): ProseMirrorNode {
  return marks.length > 0
    ? { type: 'text', text: value, marks }
    : { type: 'text', text: value };
}

function paragraph(id: string, ...content: ProseMirrorNode[]): ProseMirrorNode {
  return {
    type: 'paragraph',
    attrs: { id },
    ...(content.length > 0 ? { content } : {}),
  };
}

function item(...content: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'listItem', content };
}

/** The Markdown of a document of `blocks`, checked to read back as the same document. */
function exported(...blocks: ProseMirrorNode[]): string {
  const doc = { type: 'doc', content: blocks };
  const markdown = documentToMarkdown(doc);
  expect(markdownToDocument(markdown)).toEqual(doc);
  return markdown;
}

describe('documentToMarkdown', () => {
  it('writes block ids after each block and comment anchors as spans with their thread and state', () => {
    const open = {
      type: 'comment',
      attrs: { commentId: 'c-open', resolved: false },
    };
    const resolved = {
      type: 'comment',
      attrs: { commentId: 'c-done', resolved: true },
    };
    expect(
      exported(
        {
          type: 'heading',
          attrs: { id: 'headingid001', level: 2 },
          content: [text('Q3')],
        },
        paragraph(
          'paragraph001',
          text('Customers asked for '),
          text('single sign-on', open),
          text(' and the '),
          text('mobile editor', resolved),
          text('.'),
        ),
        {
          type: 'orderedList',
          attrs: { start: 1 },
          content: [item(paragraph('listitem0001', text('SAML')))],
        },
      ),
    ).toBe(
      [
        '## Q3 {#headingid001}',
        '',
        'Customers asked for <span data-comment-id="c-open" data-resolved="false">single sign-on</span> and the <span data-comment-id="c-done" data-resolved="true">mobile editor</span>. {#paragraph001}',
        '',
        '1. SAML {#listitem0001}',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty document as an empty file', () => {
    expect(exported()).toBe('');
  });

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

  it('writes headings with their level and extra attributes', () => {
    expect(
      exported({
        type: 'heading',
        attrs: { id: 'aaaaaaaaaaaa', level: 3, textAlign: 'center' },
        content: [text('Title #')],
      }),
    ).toBe('### Title \\# {#aaaaaaaaaaaa textAlign=center}\n');
  });

  it('alternates the marker of adjacent lists so they stay two lists', () => {
    const bullet = {
      type: 'bulletList',
      content: [item(paragraph('aaaaaaaaaaaa', text('a')))],
    };
    const ordered = (start: number) => ({
      type: 'orderedList',
      attrs: { start },
      content: [item(paragraph('bbbbbbbbbbbb', text('b')))],
    });
    expect(exported(bullet, { ...bullet }, ordered(1), ordered(4))).toBe(
      '- a {#aaaaaaaaaaaa}\n\n* a {#aaaaaaaaaaaa}\n\n1. b {#bbbbbbbbbbbb}\n\n4) b {#bbbbbbbbbbbb}\n',
    );
  });

  it('writes task lists with checkboxes and nested blocks indented under their item', () => {
    const task = (checked: boolean, ...content: ProseMirrorNode[]) => ({
      type: 'taskItem',
      attrs: { checked },
      content,
    });
    expect(
      exported({
        type: 'taskList',
        content: [
          task(false, paragraph('aaaaaaaaaaaa', text('open'))),
          task(true, paragraph('bbbbbbbbbbbb', text('done')), {
            type: 'bulletList',
            content: [item(paragraph('cccccccccccc', text('why')))],
          }),
        ],
      }),
    ).toBe(
      '- [ ] open {#aaaaaaaaaaaa}\n- [x] done {#bbbbbbbbbbbb}\n  - why {#cccccccccccc}\n',
    );
  });

  it('writes callouts as GitHub alerts and blockquotes with >', () => {
    expect(
      exported(
        {
          type: 'callout',
          attrs: { type: 'warning' },
          content: [paragraph('aaaaaaaaaaaa', text('Careful.'))],
        },
        {
          type: 'blockquote',
          content: [paragraph('bbbbbbbbbbbb', text('Quoted.'))],
        },
      ),
    ).toBe(
      '> [!warning]\n>\n> Careful. {#aaaaaaaaaaaa}\n\n> Quoted. {#bbbbbbbbbbbb}\n',
    );
  });

  it('writes code blocks with a fence longer than any backtick run inside', () => {
    expect(
      exported(
        {
          type: 'codeBlock',
          attrs: { language: 'md' },
          content: [text('```\nnested\n```')],
        },
        { type: 'codeBlock', attrs: { language: null } },
      ),
    ).toBe('````md\n```\nnested\n```\n````\n\n```\n```\n');
  });

  it('writes images with title and extra attributes, and rules', () => {
    expect(
      exported(
        {
          type: 'image',
          attrs: {
            src: '/files/a b.png',
            alt: 'A [b]',
            title: 'T "q"',
            align: 'left',
            width: 320,
          },
        },
        { type: 'horizontalRule' },
      ),
    ).toBe(
      '![A \\[b\\]](</files/a b.png> "T \\"q\\""){align=left width=320}\n\n---\n',
    );
  });

  it('writes tables with a header row as GFM tables, cell ids inside the cells', () => {
    const cell = (type: string, id: string, value: string) => ({
      type,
      attrs: CELL,
      content: [paragraph(id, text(value))],
    });
    expect(
      exported({
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              cell('tableHeader', 'aaaaaaaaaaaa', 'Plan'),
              cell('tableHeader', 'bbbbbbbbbbbb', 'a|b'),
            ],
          },
          {
            type: 'tableRow',
            content: [
              cell('tableCell', 'cccccccccccc', 'Team'),
              {
                type: 'tableCell',
                attrs: CELL,
                content: [{ type: 'paragraph' }],
              },
            ],
          },
        ],
      }),
    ).toBe(
      '| Plan {#aaaaaaaaaaaa} | a\\|b {#bbbbbbbbbbbb} |\n| --- | --- |\n| Team {#cccccccccccc} |  |\n',
    );
  });

  it('writes what Markdown cannot express as a docmost-json block, and counts them', () => {
    const merged = {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            {
              type: 'tableCell',
              attrs: { colspan: 2, rowspan: 1, colwidth: null },
              content: [paragraph('aaaaaaaaaaaa')],
            },
          ],
        },
      ],
    };
    const math = { type: 'mathBlock', attrs: { text: 'e = mc^2' } };
    const doc = {
      type: 'doc',
      content: [merged, { type: 'blockquote', content: [math] }],
    };
    const result = exportDocumentMarkdown(doc);
    expect(result).toEqual({
      markdown: `\`\`\`docmost-json\n${JSON.stringify(merged)}\n\`\`\`\n\n> \`\`\`docmost-json\n> ${JSON.stringify(math)}\n> \`\`\`\n`,
      jsonBlocks: 2,
    });
    expect(markdownToDocument(result.markdown)).toEqual(doc);
  });

  it('writes a document with attributes on the doc itself as one whole-document block', () => {
    const doc = {
      type: 'doc',
      attrs: { version: 2 },
      content: [paragraph('aaaaaaaaaaaa', text('x'))],
    };
    expect(documentToMarkdown(doc)).toBe(
      `\`\`\`docmost-json\n${JSON.stringify(doc)}\n\`\`\`\n`,
    );
    expect(markdownToDocument(documentToMarkdown(doc))).toEqual(doc);
  });

  it('states attribute values shared by every node of a type once, in a docmost-defaults block', () => {
    const cell = (type: string, value: string) => ({
      type,
      attrs: { ...CELL, backgroundColor: null },
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'aaaaaaaaaaaa', textAlign: 'left' },
          content: [text(value)],
        },
      ],
    });
    const markdown = exported(
      {
        type: 'paragraph',
        attrs: { id: 'bbbbbbbbbbbb', textAlign: 'left' },
        content: [text('Intro')],
      },
      {
        type: 'orderedList',
        attrs: { start: 1, type: null },
        content: [
          item({
            type: 'paragraph',
            attrs: { id: 'cccccccccccc', textAlign: 'left' },
            content: [text('One')],
          }),
        ],
      },
      {
        type: 'table',
        content: [{ type: 'tableRow', content: [cell('tableHeader', 'Plan')] }],
      },
    );
    expect(markdown).toBe(
      '```docmost-defaults\n{"nodes":{"paragraph":{"textAlign":"left"},"orderedList":{"type":null},"tableHeader":{"backgroundColor":null}},"marks":{}}\n```\n\n' +
        'Intro {#bbbbbbbbbbbb}\n\n1. One {#cccccccccccc}\n\n| Plan {#aaaaaaaaaaaa} |\n| --- |\n',
    );
  });
});
