import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import {
  documentToMarkdown,
  exportDocumentMarkdown,
} from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';
import {
  CELL,
  exported,
  item,
  paragraph,
  text,
} from './markdown-nodes.fixture';

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
