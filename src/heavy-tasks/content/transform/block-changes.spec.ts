import type { ProseMirrorNode } from '../../../document';
import { compareBlocks } from './block-changes';

const paragraph = (id: string, text: string): ProseMirrorNode => ({
  type: 'paragraph',
  attrs: { id },
  content: [{ type: 'text', text }],
});
const table = (cell: string): ProseMirrorNode => ({
  type: 'table',
  content: [
    {
      type: 'tableRow',
      content: [
        {
          type: 'tableCell',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: cell }] },
          ],
        },
      ],
    },
  ],
});

describe('compareBlocks', () => {
  it('pairs blocks by id: same content is unchanged, other content is modified, wherever they moved', () => {
    const before = [
      paragraph('aaaaaaaaaaaa', 'One'),
      paragraph('bbbbbbbbbbbb', 'Two'),
      paragraph('cccccccccccc', 'Three'),
    ];
    const after = [
      paragraph('cccccccccccc', 'Three'),
      paragraph('aaaaaaaaaaaa', 'One!'),
      paragraph('dddddddddddd', 'Four'),
    ];
    expect(compareBlocks(before, after)).toEqual({
      before: 3,
      after: 3,
      unchanged: 1,
      modified: 1,
      added: 1,
      removed: 1,
    });
  });

  it('pairs blocks without ids by content: a changed table is one removed and one added', () => {
    expect(
      compareBlocks([table('a'), table('b')], [table('b'), table('c')]),
    ).toEqual({
      before: 2,
      after: 2,
      unchanged: 1,
      modified: 0,
      added: 1,
      removed: 1,
    });
  });

  it('sees a change the text cannot show, such as a heading level', () => {
    const heading = (level: number): ProseMirrorNode => ({
      type: 'heading',
      attrs: { id: 'hhhhhhhhhhhh', level },
      content: [{ type: 'text', text: 'Plan' }],
    });
    expect(compareBlocks([heading(2)], [heading(3)])).toMatchObject({
      unchanged: 0,
      modified: 1,
    });
  });
});
