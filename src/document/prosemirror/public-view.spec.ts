import { publicViewDocument } from './public-view';
import type { ProseMirrorNode } from './prosemirror-node';

const marked = (text: string, commentId: string): ProseMirrorNode => ({
  type: 'text',
  text,
  marks: [
    { type: 'bold' },
    { type: 'comment', attrs: { commentId, resolved: false } },
  ],
});

describe("publicViewDocument (Docmost's share view)", () => {
  it('removes every comment mark, keeps the other marks, and merges the text that falls together', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Ship ', marks: [{ type: 'bold' }] },
            marked('Tuesday', 'c-1'),
          ],
        },
      ],
    };
    expect(publicViewDocument(doc)).toEqual({
      node: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Ship Tuesday', marks: [{ type: 'bold' }] },
            ],
          },
        ],
      },
      commentMarks: 1,
      htmlEmbeds: 0,
    });
  });

  it('removes htmlEmbed blocks at any depth, leaving an empty paragraph in a container they emptied', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [
        { type: 'htmlEmbed', attrs: { height: 240 } },
        {
          type: 'callout',
          content: [{ type: 'htmlEmbed', attrs: { height: 80 } }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'kept' }] },
      ],
    };
    expect(publicViewDocument(doc)).toEqual({
      node: {
        type: 'doc',
        content: [
          { type: 'callout', content: [{ type: 'paragraph' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'kept' }] },
        ],
      },
      commentMarks: 0,
      htmlEmbeds: 2,
    });
  });

  it('gives back the same document when there is nothing to remove', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }],
    };
    expect(publicViewDocument(doc).node).toBe(doc);
  });
});
