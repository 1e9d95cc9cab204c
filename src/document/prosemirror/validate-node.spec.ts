import { ToolError } from '../../ground';
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
    expect(() => assertValidNode(doc, { label: 'doc' })).toThrow(ToolError);
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
