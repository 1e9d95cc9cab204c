import { z } from 'zod';
import { fillFragment, Y, type ProseMirrorNode } from '../../src';
import {
  commentMarkText,
  selectionPositions,
} from '../../src/collaboration/comment-selection';
import { setCommentMark } from '../../host/collaboration/set-comment-mark';

// No database: it runs in both integration projects for where it lives, in a few ms each.
// The positions the package sends with a viewer's comment, applied the way Docmost's server
// applies them (y-tiptap's resolution with the editor's schema, then Docmost's mark walk, which
// the reference host reproduces): the highlight must cover exactly the selection.

const text = (value: string): ProseMirrorNode => ({
  type: 'text',
  text: value,
});
const paragraph = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'paragraph',
  content,
});
const image: ProseMirrorNode = {
  type: 'image',
  attrs: { src: '/files/a.png' },
};
const mention: ProseMirrorNode = {
  type: 'mention',
  attrs: { id: 'm1', label: 'Ada', entityType: 'user' },
};
const hardBreak: ProseMirrorNode = { type: 'hardBreak' };

/** Docmost's `yjsSelectionSchema` (create-comment.dto.ts, 0.94.0), rewritten. */
const yjsId = z.object({
  client: z.number().int().nonnegative(),
  clock: z.number().int().nonnegative(),
});
const relativePosition = z.object({
  type: yjsId,
  tname: z.string().nullable(),
  item: yjsId.nullable(),
  assoc: z.number().int(),
});
const docmostYjsSelection = z.object({
  anchor: relativePosition,
  head: relativePosition,
});

function documentOf(...blocks: ProseMirrorNode[]) {
  const document = new Y.Doc();
  fillFragment(document.getXmlFragment('default'), {
    type: 'doc',
    content: blocks,
  });
  return document;
}

/** Positions made on one replica, the mark set on another (the owner's), read back there. */
function markThroughOwner(
  blocks: readonly ProseMirrorNode[],
  selection: string,
): string {
  const replica = documentOf(...blocks);
  const owner = new Y.Doc();
  Y.applyUpdate(owner, Y.encodeStateAsUpdate(replica));
  const located = selectionPositions(
    replica.getXmlFragment('default'),
    selection,
  );
  if (located.kind !== 'found') throw new Error(`not found: ${located.kind}`);
  // What reaches Docmost is JSON over HTTP.
  const sent = docmostYjsSelection.parse(
    JSON.parse(JSON.stringify(located.yjsSelection)),
  );
  setCommentMark(owner, sent, { commentId: 'c1', resolved: false });
  return commentMarkText(owner.getXmlFragment('default'), 'c1');
}

describe("a thread's Yjs selection, as Docmost's server marks it", () => {
  it('covers exactly the selection in plain text', () => {
    expect(
      markThroughOwner(
        [paragraph(text('Hello brave new world')), paragraph(text('brave'))],
        'brave',
      ),
    ).toBe('brave');
  });

  it('covers exactly the selection after images, mentions and hard breaks', () => {
    const blocks = [
      image,
      paragraph(
        text('Hi '),
        mention,
        text(' see'),
        hardBreak,
        text('the plan'),
      ),
      image,
      paragraph(text('We ship faster next week')),
      paragraph(text('the end')),
    ];
    expect(markThroughOwner(blocks, 'ship faster')).toBe('ship faster');
    // To the end of its block, the next block's text right after.
    expect(markThroughOwner(blocks, 'next week')).toBe('next week');
    expect(markThroughOwner(blocks, 'the plan')).toBe('the plan');
    expect(markThroughOwner(blocks, 'see')).toBe('see');
    // A block's first character.
    expect(markThroughOwner(blocks, 'We')).toBe('We');
  });

  it('covers exactly the selection inside lists and table cells', () => {
    const blocks: ProseMirrorNode[] = [
      image,
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph(text('first item'))] },
          {
            type: 'listItem',
            content: [paragraph(text('second '), hardBreak, text('item'))],
          },
        ],
      },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [paragraph(text('cell one'))] },
              { type: 'tableCell', content: [paragraph(text('cell two'))] },
            ],
          },
        ],
      },
      paragraph(text('after the table')),
    ];
    expect(markThroughOwner(blocks, 'item')).toBe('item');
    expect(markThroughOwner(blocks, 'cell two')).toBe('cell two');
    expect(markThroughOwner(blocks, 'after')).toBe('after');
  });

  it("needs the leaves counted: the selection's own ends would mark other text", () => {
    const replica = documentOf(
      image,
      image,
      paragraph(text('We ship faster next week')),
    );
    const fragment = replica.getXmlFragment('default');
    const run = (fragment.get(2) as InstanceType<typeof Y.XmlElement>).get(
      0,
    ) as InstanceType<typeof Y.XmlText>;
    const own = (offset: number) =>
      JSON.parse(
        JSON.stringify(Y.createRelativePositionFromTypeIndex(run, offset, -1)),
      );
    setCommentMark(
      replica,
      { anchor: own(3), head: own(14) },
      { commentId: 'naive', resolved: false },
    );
    expect(commentMarkText(fragment, 'naive')).toBe('e ship fast');
  });

  it('tells a selection that is not in one text block, and code, apart', () => {
    const fragment = documentOf(
      paragraph(text('alpha')),
      { type: 'codeBlock', content: [text('const beta = 1')] },
      paragraph(text('gamma')),
    ).getXmlFragment('default');
    expect(selectionPositions(fragment, 'alpha\ngamma').kind).toBe('absent');
    expect(selectionPositions(fragment, 'beta').kind).toBe('absent');
    expect(selectionPositions(fragment, 'delta').kind).toBe('absent');
  });

  it('says when the end of a page after leaves cannot be reached', () => {
    const fragment = documentOf(
      image,
      paragraph(text('the last words')),
    ).getXmlFragment('default');
    expect(selectionPositions(fragment, 'words').kind).toBe('unplaceable');
    // Earlier text of the same block is fine.
    expect(
      markThroughOwner([image, paragraph(text('the last words'))], 'last'),
    ).toBe('last');
  });
});
