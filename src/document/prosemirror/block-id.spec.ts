import {
  blockIdAssignments,
  ensureBlockIds,
  generateBlockId,
  isBlockId,
  withBlockIds,
} from './block-id';
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

  it('assigns ids as paths a worker can hand back, applied without touching the input or copying untouched blocks', () => {
    const untouched = { type: 'paragraph', attrs: { id: 'abcdefghijkl' } };
    const list = {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [{ type: 'paragraph' }, { type: 'paragraph' }],
        },
      ],
    };
    const doc: ProseMirrorNode = { type: 'doc', content: [untouched, list] };
    const assignments = blockIdAssignments(doc);
    expect(assignments.map((assignment) => assignment.path)).toEqual([
      [1, 0, 0],
      [1, 0, 1],
    ]);
    const result = withBlockIds(doc, assignments);
    expect(result.content![0]).toBe(untouched);
    const item = result.content![1]!.content![0]!;
    expect(item.content!.map((paragraph) => paragraph.attrs!.id)).toEqual(
      assignments.map((assignment) => assignment.id),
    );
    expect(list.content[0]!.content[0]).toEqual({ type: 'paragraph' });
    expect(withBlockIds(doc, [])).toBe(doc);
  });
});
