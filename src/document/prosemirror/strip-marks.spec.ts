import type { ProseMirrorNode } from './prosemirror-node';
import { stripMarks } from './strip-marks';

describe('stripMarks', () => {
  it('removes one mark type everywhere and merges the text it split', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'aaaaaaaaaaaa' },
          content: [
            { type: 'text', text: 'We ' },
            {
              type: 'text',
              text: 'ship',
              marks: [{ type: 'comment', attrs: { commentId: 'c1' } }],
            },
            {
              type: 'text',
              text: ' soon',
              marks: [
                { type: 'bold' },
                { type: 'comment', attrs: { commentId: 'c2' } },
              ],
            },
          ],
        },
      ],
    };
    const { node, removed } = stripMarks(doc, 'comment');
    expect(removed).toBe(2);
    expect(node.content![0]).toEqual({
      type: 'paragraph',
      attrs: { id: 'aaaaaaaaaaaa' },
      content: [
        { type: 'text', text: 'We ship' },
        { type: 'text', text: ' soon', marks: [{ type: 'bold' }] },
      ],
    });
  });

  it('returns the same document when there is nothing to remove', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }],
        },
      ],
    };
    expect(stripMarks(doc, 'comment')).toEqual({ node: doc, removed: 0 });
  });
});
