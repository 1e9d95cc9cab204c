import { DocumentError } from '../document-error';
import { DOCMOST_NODE_TYPES } from './node-schema';
import { assertValidNode, findNodeIssues } from './validate-node';

const paragraph = (text: string) => ({
  type: 'paragraph',
  attrs: { id: 'abcdefghijkl' },
  content: [{ type: 'text', text }],
});

describe('findNodeIssues', () => {
  it('accepts a document using lists, tables, marks and inline atoms', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 2 },
          content: [{ type: 'text', text: 'Plan', marks: [{ type: 'bold' }] }],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'see ' },
            {
              type: 'text',
              text: 'docs',
              marks: [{ type: 'link', attrs: { href: 'https://x.test' } }],
            },
            { type: 'hardBreak' },
            { type: 'mention', attrs: { id: 'm1', label: 'Ann' } },
          ],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                paragraph('one'),
                {
                  type: 'bulletList',
                  content: [
                    { type: 'listItem', content: [paragraph('nested')] },
                  ],
                },
              ],
            },
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableHeader', content: [paragraph('h')] },
                { type: 'tableCell', content: [{ type: 'paragraph' }] },
              ],
            },
          ],
        },
        { type: 'image', attrs: { src: '/a.png' } },
        { type: 'paragraph' },
      ],
    };
    expect(findNodeIssues(doc, { label: 'doc' })).toEqual([]);
  });

  it('names an unknown node type and its path, and lists the valid types', () => {
    const doc = {
      type: 'doc',
      content: [paragraph('a'), { type: 'fancyWidget' }],
    };
    const issues = findNodeIssues(doc, { label: 'doc' });
    expect(issues).toEqual([
      {
        path: 'doc.content[1]',
        message: 'unknown node type "fancyWidget"',
        unknown: 'node',
      },
    ]);
    expect(() => assertValidNode(doc, { label: 'doc' })).toThrow(
      /unknown node type "fancyWidget" at doc\.content\[1\].*Valid node types: doc, paragraph/,
    );
    expect(() => assertValidNode(doc, { label: 'doc' })).toThrow(DocumentError);
  });

  it('names an unknown mark type and lists the valid marks', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'blink' }] }],
        },
      ],
    };
    expect(() => assertValidNode(doc, { label: 'doc' })).toThrow(
      /unknown mark type "blink" at doc\.content\[0\]\.content\[0\]\.marks\[0\].*Valid mark types: bold, italic/,
    );
  });

  it('refuses structures the editor cannot hold', () => {
    const messages = (node: unknown) =>
      findNodeIssues(node, { label: 'doc' }).map(
        (issue) => `${issue.path}: ${issue.message}`,
      );
    expect(
      messages({ type: 'doc', content: [{ type: 'text', text: 'loose' }] }),
    ).toEqual([
      'doc.content[0]: text is inline content and must be wrapped in a paragraph inside a doc',
    ]);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'table', content: [paragraph('x')] }],
      }),
    ).toEqual([
      'doc.content[0].content[0]: a table can only contain tableRow, not paragraph',
    ]);
    expect(
      messages({ type: 'doc', content: [{ type: 'bulletList', content: [] }] }),
    ).toEqual(['doc.content[0]: a bulletList needs at least one child']);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '' }] }],
      })[0],
    ).toMatch(/non-empty "text"/);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'paragraph', content: [paragraph('x')] }],
      })[0],
    ).toMatch(/holds inline content/);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 9 } }],
      })[0],
    ).toMatch(/level must be an integer from 1 to 6/);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'image', content: [paragraph('x')] }],
      })[0],
    ).toMatch(/an image cannot have content/);
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'paragraph', marks: [{ type: 'bold' }] }],
      })[0],
    ).toMatch(/marks apply to text/);
    expect(
      messages({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link' }] }],
          },
        ],
      })[0],
    ).toMatch(/attrs\.href/);
    expect(messages({ type: 'doc', content: ['paragraph'] })[0]).toMatch(
      /not a node/,
    );
    expect(messages({ type: 'doc', content: [{ type: 'doc' }] })[0]).toMatch(
      /can only be the root/,
    );
  });

  it('refuses script URLs in href and src, however they are spelled, and keeps ordinary ones', () => {
    const link = (href: string) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href } }],
            },
          ],
        },
      ],
    });
    const image = (src: string) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src } }],
    });
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001vbscript:msgbox(1)',
    ]) {
      expect(findNodeIssues(link(url))[0]?.message).toMatch(
        /^href ".*" uses the scheme "(javascript|vbscript):", which Docmost pages may not hold; allowed: http:, https:, mailto:, tel: or a relative path/,
      );
      expect(findNodeIssues(image(url))[0]?.path).toBe(
        'node.content[0].attrs.src',
      );
    }
    for (const url of [
      'https://x.test/a?javascript:1',
      '/files/a.png',
      '/api/files/f/a.png',
      '//cdn.test/a.png',
      'a/b.png',
      '#javascript',
      'mailto:a@x.test',
      'tel:+15550100',
      'javascript',
      '',
    ]) {
      expect(findNodeIssues(link(url))).toEqual([]);
      expect(findNodeIssues(image(url))).toEqual([]);
    }
  });

  it('sends the URL attributes of every node type through one scheme allow-list', () => {
    const block = (type: string, attrs: Record<string, unknown>) => ({
      type: 'doc',
      content: [{ type, attrs }],
    });
    const refused: readonly [string, Record<string, unknown>, string][] = [
      ['attachment', { url: 'javascript:alert(1)', name: 'a.zip' }, 'url'],
      [
        'embed',
        { src: 'data:text/html,<script>alert(1)</script>', provider: 'iframe' },
        'src',
      ],
      ['video', { src: 'vbscript:x' }, 'src'],
      ['audio', { src: 'file:///etc/passwd' }, 'src'],
      ['pdf', { src: 'blob:https://x.test/1' }, 'src'],
      ['drawio', { src: 'javascript:1' }, 'src'],
      [
        'excalidraw',
        { src: 'data:image/svg+xml,<svg onload=alert(1)>' },
        'src',
      ],
      ['youtube', { src: 'javascript://youtube.com/%0aalert(1)' }, 'src'],
      ['image', { src: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'src'],
      ['image', { src: 'data:text/html;base64,PHNjcmlwdD4=' }, 'src'],
    ];
    for (const [type, attrs, attribute] of refused) {
      const issues = findNodeIssues(block(type, attrs), { label: 'doc' });
      expect(issues).toEqual([
        expect.objectContaining({
          path: `doc.content[0].attrs.${attribute}`,
          message: expect.stringContaining('which Docmost pages may not hold'),
        }),
      ]);
    }
    expect(
      findNodeIssues(
        block('image', { src: 'data:image/png;base64,iVBORw0KGgo=' }),
      ),
    ).toEqual([]);
    expect(findNodeIssues(block('image', { src: 42 }))[0]?.message).toBe(
      'src must be a string URL, not number',
    );
    expect(
      findNodeIssues(
        block('embed', {
          src: 'https://www.figma.com/file/x',
          provider: 'figma',
        }),
      ),
    ).toEqual([]);
    expect(
      findNodeIssues(
        block('attachment', {
          url: '/api/files/5eed/report.pdf',
          name: 'report.pdf',
          mime: 'application/pdf',
          size: 10,
        }),
      ),
    ).toEqual([]);
  });

  it('refuses attributes a node or mark type does not declare, naming the attribute, the type and the allowed ones', () => {
    const onclick = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'abcdefghijkl', onclick: 'alert(1)' },
        },
      ],
    };
    expect(findNodeIssues(onclick, { label: 'doc' })).toEqual([
      {
        path: 'doc.content[0].attrs',
        message:
          'a paragraph node has no attribute "onclick" (its attributes are id, textAlign, indent)',
        unknown: 'attribute',
      },
    ]);
    const styled = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                { type: 'bold', attrs: { style: 'x' } },
                { type: 'link', attrs: { href: '/a', onmouseover: 'x' } },
              ],
            },
          ],
        },
      ],
    };
    const messages = findNodeIssues(styled).map((issue) => issue.message);
    expect(messages).toEqual([
      'a bold mark has no attribute "style" (it takes no attributes)',
      expect.stringMatching(
        /^a link mark has no attribute "onmouseover" \(its attributes are href, target, rel, class, title, internal\)$/,
      ),
    ]);
    const outside = {
      type: 'paragraph',
      onclick: 'alert(1)',
      content: [
        { type: 'text', text: 'x', marks: [{ type: 'bold', style: 'x' }] },
      ],
    };
    expect(findNodeIssues(outside).map((issue) => issue.message)).toEqual([
      'a paragraph has a field "onclick"; a node has only type, attrs, content, text, marks (attributes go in attrs)',
      'a bold mark has a field "style"; a mark has only type, attrs (attributes go in attrs)',
    ]);
    const embed = {
      type: 'htmlEmbed',
      attrs: { html: '<script>alert(1)</script>' },
    };
    expect(findNodeIssues(embed)[0]?.message).toBe(
      'a htmlEmbed node has no attribute "html" (raw HTML embeds cannot be written by a tool, as they would run script for readers; leave existing ones in place by editing other blocks with patchNode, insertNode or deleteNode)',
    );
    const long = { type: 'image', attrs: { ['x'.repeat(100_000)]: 1 } };
    expect(findNodeIssues(long)[0]!.message.length).toBeLessThan(300);
    expect(() => assertValidNode(onclick, { label: 'doc' })).toThrow(
      /no attribute "onclick".*Nothing was written\.$/,
    );
  });

  it("accepts the attributes Docmost's editor stores on its nodes and marks", () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { id: 'abcdefghijkl', level: 2, textAlign: 'left', indent: 0 },
          content: [
            {
              type: 'text',
              text: 'H',
              marks: [
                { type: 'textStyle', attrs: { color: '#f00' } },
                { type: 'highlight', attrs: { color: '#fef08a' } },
              ],
            },
          ],
        },
        {
          type: 'paragraph',
          attrs: { id: 'bbbbbbbbbbbb', textAlign: 'center' },
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: '/s/a/p/b',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                    internal: true,
                  },
                },
                {
                  type: 'comment',
                  attrs: { commentId: 'c1', resolved: false },
                },
              ],
            },
            {
              type: 'mention',
              attrs: {
                id: 'm',
                label: 'Ann',
                entityType: 'user',
                entityId: 'u',
                slugId: null,
                creatorId: 'u2',
              },
            },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: {
                    colspan: 1,
                    rowspan: 1,
                    colwidth: null,
                    backgroundColor: null,
                    backgroundColorName: null,
                  },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: {
            src: '/api/files/x/a.png',
            alt: 'a',
            title: null,
            align: 'center',
            width: '100%',
            attachmentId: 'x',
            size: 10,
            caption: '',
          },
        },
        {
          type: 'attachment',
          attrs: {
            url: '/files/x/a.zip',
            name: 'a.zip',
            mime: 'application/zip',
            size: 3,
            attachmentId: 'x',
            placeholder: null,
          },
        },
        {
          type: 'embed',
          attrs: {
            src: 'https://youtube.com/x',
            provider: 'youtube',
            align: 'center',
            width: 800,
            height: 600,
          },
        },
        {
          type: 'callout',
          attrs: { type: 'info', icon: '💡' },
          content: [{ type: 'paragraph' }],
        },
        { type: 'codeBlock', attrs: { language: 'ts' } },
        { type: 'mathBlock', attrs: { text: 'e=mc^2' } },
      ],
    };
    expect(findNodeIssues(doc, { label: 'doc' })).toEqual([]);
  });

  it('requires a block where a block is expected', () => {
    expect(
      findNodeIssues({ type: 'text', text: 'x' }, { expectBlock: true })[0]
        ?.message,
    ).toMatch(/is inline content; a block/);
    expect(
      findNodeIssues({ type: 'doc', content: [] }, { expectBlock: true })[0]
        ?.message,
    ).toMatch(/a "doc" is a whole document/);
  });

  it('keeps list items, rows and cells inside their containers', () => {
    const messages = (node: unknown) =>
      findNodeIssues(node, { label: 'doc' }).map(
        (issue) => `${issue.path}: ${issue.message}`,
      );
    expect(
      messages({
        type: 'doc',
        content: [{ type: 'listItem', content: [paragraph('x')] }],
      }),
    ).toEqual([
      'doc.content[0]: a listItem can only be inside bulletList or orderedList, not inside a doc',
    ]);
    expect(
      messages({
        type: 'doc',
        content: [
          {
            type: 'blockquote',
            content: [{ type: 'tableCell', content: [paragraph('x')] }],
          },
        ],
      }),
    ).toEqual([
      'doc.content[0].content[0]: a tableCell can only be inside tableRow, not inside a blockquote',
    ]);
  });

  it('knows the node types of Docmost features beyond StarterKit', () => {
    for (const type of [
      'callout',
      'details',
      'mathBlock',
      'drawio',
      'excalidraw',
      'embed',
      'youtube',
      'subpages',
      'taskList',
      'attachment',
      'video',
    ]) {
      expect(DOCMOST_NODE_TYPES).toContain(type);
    }
  });
});
