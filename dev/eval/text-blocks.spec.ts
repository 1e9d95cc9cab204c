import { changedBlocks, textBlocks } from './text-blocks';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const paragraph = (id: string | null, text: string) => ({
  type: 'paragraph',
  attrs: { id },
  content: [{ type: 'text', text }],
});

describe('text blocks', () => {
  it('lists text blocks in reading order, inside containers too', () => {
    const document = doc(paragraph('a', 'one'), {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [paragraph(null, 'two')] }],
    });
    expect(textBlocks(document)).toEqual([
      { type: 'paragraph', id: 'a', text: 'one' },
      { type: 'paragraph', id: null, text: 'two' },
    ]);
  });

  it('reports added, removed and changed blocks, ignoring marks', () => {
    const before = doc(paragraph('a', 'one'), paragraph('b', 'two'));
    const after = doc(
      {
        ...paragraph('a', 'one'),
        content: [{ type: 'text', text: 'one', marks: [{ type: 'comment' }] }],
      },
      paragraph('c', 'three'),
    );
    expect(changedBlocks(before, after)).toEqual([
      { kind: 'removed', id: 'b', before: 'two' },
      { kind: 'added', id: 'c', after: 'three' },
    ]);
    expect(
      changedBlocks(before, doc(paragraph('a', 'one!'), paragraph('b', 'two'))),
    ).toEqual([{ kind: 'changed', id: 'a', before: 'one', after: 'one!' }]);
  });
});
