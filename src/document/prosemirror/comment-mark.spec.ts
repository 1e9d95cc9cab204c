import {
  anchorComment,
  commentMark,
  findCommentAnchors,
  setCommentResolved,
} from './comment-mark';
import {
  bold,
  paragraph,
  SAMPLE_DOCUMENT,
  text,
} from './test-documents.fixture';
import type { ProseMirrorNode } from './prosemirror-node';

const THREAD = '11111111-1111-4111-8111-111111111111';

describe('anchorComment', () => {
  it('marks the first occurrence, splitting nodes and keeping their other marks', () => {
    const anchor = anchorComment(SAMPLE_DOCUMENT, 'ship faster', THREAD);
    expect(anchor).toMatchObject({ blockId: 'bbbbbbbbbbbb', topLevelIndex: 1 });
    expect(anchor?.doc.content?.[1]?.content).toEqual([
      text('We '),
      text('ship ', commentMark(THREAD)),
      text('faster', bold, commentMark(THREAD)),
      text(' with docs.'),
    ]);
    expect(SAMPLE_DOCUMENT.content?.[1]?.content).toHaveLength(3);
  });

  it('skips code blocks, which take no marks, and finds text in list items and cells', () => {
    expect(anchorComment(SAMPLE_DOCUMENT, 'ship()', THREAD)).toBeUndefined();
    expect(anchorComment(SAMPLE_DOCUMENT, '$8', THREAD)).toMatchObject({
      blockId: 'hhhhhhhhhhhh',
      topLevelIndex: 3,
    });
  });

  it('returns undefined for text that no single block contains', () => {
    expect(
      anchorComment(SAMPLE_DOCUMENT, 'Roadmap We ship', THREAD),
    ).toBeUndefined();
    expect(anchorComment(SAMPLE_DOCUMENT, 'absent', THREAD)).toBeUndefined();
  });

  it('replaces an older comment mark on the same text, as the editor does', () => {
    const first = anchorComment(SAMPLE_DOCUMENT, 'docs.', 'older')!.doc;
    const second = anchorComment(first, 'docs.', THREAD)!.doc;
    expect(second.content?.[1]?.content?.at(-1)).toEqual(
      text('docs.', commentMark(THREAD)),
    );
  });
});

describe('setCommentResolved and findCommentAnchors', () => {
  const anchored: ProseMirrorNode = {
    type: 'doc',
    content: [
      paragraph(
        'pppppppppppp',
        text('see '),
        text('this', commentMark(THREAD)),
        text(' and '),
        text('that', commentMark('other')),
      ),
    ],
  };

  it('flips the resolved attribute of the thread only', () => {
    const { doc, changed } = setCommentResolved(anchored, THREAD, true);
    expect(changed).toBe(1);
    expect(doc.content?.[0]?.content?.[1]).toEqual(
      text('this', commentMark(THREAD, true)),
    );
    expect(doc.content?.[0]?.content?.[3]).toEqual(
      text('that', commentMark('other')),
    );
  });

  it('changes nothing when the mark is absent or already in that state', () => {
    expect(setCommentResolved(anchored, 'missing', true)).toEqual({
      doc: anchored,
      changed: 0,
    });
    expect(setCommentResolved(anchored, THREAD, false).doc).toBe(anchored);
  });

  it('locates each thread by block and anchored text', () => {
    const anchors = findCommentAnchors(anchored);
    expect(anchors.get(THREAD)).toEqual({
      // As getPage shows the block's id.
      blockId: 'ppppp',
      topLevelIndex: 0,
      text: 'this',
    });
    expect(anchors.get('other')?.text).toBe('that');
    expect(anchors.has('missing')).toBe(false);
  });
});
