import {
  assignBlockIds,
  collectBlockIds,
  insertAtPath,
  locateBlock,
  spliceAtPath,
} from './block-tree';
import type { ProseMirrorNode } from './prosemirror-node';

const text = (value: string): ProseMirrorNode => ({
  type: 'text',
  text: value,
});
const doc: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { id: 'hhhhhhhhhhhh', level: 1 },
      content: [text('Title')],
    },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            {
              type: 'paragraph',
              attrs: { id: 'llllllllllll' },
              content: [
                text('item'),
                {
                  type: 'mention',
                  attrs: { id: 'mmmmmmmmmmmm', label: 'Ann' },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('block tree', () => {
  it('finds nested blocks by id, never inline nodes', () => {
    expect(locateBlock(doc, 'llllllllllll')?.path).toEqual([1, 0, 0]);
    expect(locateBlock(doc, 'llllllllllll')?.parent.type).toBe('listItem');
    expect(locateBlock(doc, 'hhhhhhhhhhhh')?.parent).toBe(doc);
    expect(locateBlock(doc, 'mmmmmmmmmmmm')).toBeUndefined();
    expect(collectBlockIds(doc)).toEqual(['hhhhhhhhhhhh', 'llllllllllll']);
  });

  it('splices and inserts without touching the input', () => {
    const replaced = spliceAtPath(
      doc,
      [1, 0, 0],
      [{ type: 'paragraph', content: [text('new')] }],
    );
    expect(replaced.content![1]!.content![0]!.content![0]!.content).toEqual([
      text('new'),
    ]);
    expect(doc.content![1]!.content![0]!.content![0]!.attrs).toEqual({
      id: 'llllllllllll',
    });
    expect(replaced.content![0]).toBe(doc.content![0]);
    const removed = spliceAtPath(doc, [0], []);
    expect(removed.content!.map((node) => node.type)).toEqual(['bulletList']);
    const inserted = insertAtPath(doc, [2], [{ type: 'horizontalRule' }]);
    expect(inserted.content!.map((node) => node.type)).toEqual([
      'heading',
      'bulletList',
      'horizontalRule',
    ]);
  });

  it('gives new content ids that are valid and unused on the page', () => {
    const taken = new Set(['hhhhhhhhhhhh']);
    const node = assignBlockIds(
      {
        type: 'blockquote',
        content: [
          { type: 'paragraph', attrs: { id: 'hhhhhhhhhhhh' } },
          { type: 'paragraph' },
          { type: 'paragraph', attrs: { id: 'kkkkkkkkkkkk' } },
        ],
      },
      taken,
    );
    const ids = node.content!.map((child) => child.attrs!.id as string);
    expect(ids[0]).not.toBe('hhhhhhhhhhhh');
    expect(ids[1]).toMatch(/^[a-z]{12}$/);
    expect(ids[2]).toBe('kkkkkkkkkkkk');
    expect(new Set(ids).size).toBe(3);
    expect(taken.size).toBe(4);
  });
});
