import { ensureBlockIds, generateBlockId, isBlockId } from './block-id';
import type { ProseMirrorNode } from './prosemirror-node';

describe('block ids', () => {
  it('generates 12 lowercase letters', () => {
    for (let i = 0; i < 50; i++)
      expect(generateBlockId()).toMatch(/^[a-z]{12}$/);
  });

  it('fills missing ids, keeps valid ones, and replaces duplicates', () => {
    const doc: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 1, id: 'abcdefghijkl' },
          content: [{ type: 'text', text: 'Title' }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'no id' }] },
        { type: 'paragraph', attrs: { id: 'abcdefghijkl' } },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', attrs: { id: 'BAD' } }],
            },
          ],
        },
      ],
    };
    const result = ensureBlockIds(doc);
    const ids = [
      result.content![0]!.attrs!.id,
      result.content![1]!.attrs!.id,
      result.content![2]!.attrs!.id,
      result.content![3]!.content![0]!.content![0]!.attrs!.id,
    ];
    expect(ids[0]).toBe('abcdefghijkl');
    expect(ids.every(isBlockId)).toBe(true);
    expect(new Set(ids).size).toBe(4);
    expect(result.content![0]!.attrs!.level).toBe(1);
    expect(result.content![3]!.attrs).toBeUndefined();
    expect(doc.content![1]!.attrs).toBeUndefined();
  });
});
