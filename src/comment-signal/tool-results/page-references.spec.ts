import { findResultPageReferences, pageIdsInInput } from './page-references';

const PAGE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SPACE = '33333333-3333-4333-8333-333333333333';
const ROW = '44444444-4444-4444-8444-444444444444';

describe('page references', () => {
  it('reads page ids from inputs by key name, uuids only', () => {
    expect(
      pageIdsInInput({ pageId: PAGE, parentPageId: OTHER, spaceId: SPACE }),
    ).toEqual([PAGE, OTHER]);
    expect(pageIdsInInput({ page_id: PAGE })).toEqual([PAGE]);
    expect(pageIdsInInput({ pageIds: [PAGE, 'slugId1', OTHER] })).toEqual([
      PAGE,
      OTHER,
    ]);
    expect(pageIdsInInput({ pageId: 'xk3pQ9aZ' })).toEqual([]);
    expect(pageIdsInInput('not an object')).toEqual([]);
  });

  it('takes `id` only from objects that look like pages', () => {
    const result = findResultPageReferences({
      page: { id: PAGE, slugId: 'abc', title: 'Roadmap' },
      space: { id: SPACE, name: 'Product', slug: 'product' },
      comment: { id: ROW, pageId: OTHER, spaceId: SPACE },
      history: {
        id: ROW,
        pageId: OTHER,
        slugId: 'abc',
        title: 'Old',
        spaceId: SPACE,
      },
    });
    expect([...result.pageIds].sort()).toEqual([PAGE, OTHER].sort());
  });

  it('ignores ids inside document content (mentions are not pages worked on)', () => {
    const result = findResultPageReferences({
      type: 'doc',
      content: [
        {
          type: 'mention',
          attrs: {
            id: ROW,
            entityId: OTHER,
            slugId: 'abc',
            title: 'x',
            spaceId: SPACE,
          },
        },
      ],
    });
    expect(result.pageIds).toEqual([]);
  });

  it('attributes comment marks to the nearest object that names a page', () => {
    const text = (commentId: string) => ({
      type: 'text',
      text: 'x',
      marks: [{ type: 'comment', attrs: { commentId } }],
    });
    const result = findResultPageReferences({
      source: {
        pageId: PAGE,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [text('c1')] }],
        },
      },
      target: {
        id: OTHER,
        title: 'Target',
        spaceId: SPACE,
        content: { type: 'doc', content: [text('c2'), text('c3')] },
      },
    });
    expect([...(result.commentMarks.get(PAGE) ?? [])]).toEqual(['c1']);
    expect([...(result.commentMarks.get(OTHER) ?? [])]).toEqual(['c2', 'c3']);
  });

  it('drops marks it cannot attribute to a page', () => {
    const result = findResultPageReferences({
      type: 'doc',
      content: [
        {
          type: 'text',
          text: 'x',
          marks: [{ type: 'comment', attrs: { commentId: 'c1' } }],
        },
      ],
    });
    expect(result.commentMarks.size).toBe(0);
  });

  it('does not walk into buffers, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { pageId: PAGE };
    cyclic.self = cyclic;
    const result = findResultPageReferences({
      ydoc: Buffer.alloc(1_000_000),
      page: cyclic,
    });
    expect(result.pageIds).toEqual([PAGE]);
  });

  it('stops collecting a listing once it names more pages than can join the working set', () => {
    const hits = Array.from({ length: 1_000 }, (_, index) => ({
      id: `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`,
      slugId: `s${index}`,
      title: 'Hit',
    }));
    expect(
      findResultPageReferences({ query: 'x', hits }, undefined, {
        maxPageIds: 5,
      }).pageIds,
    ).toHaveLength(6);
    expect(
      findResultPageReferences(
        { query: 'x', hits: hits.slice(0, 3) },
        undefined,
        { maxPageIds: 5 },
      ).pageIds,
    ).toHaveLength(3);
  });

  it('finds comment marks anywhere in a carried document, however deep', () => {
    let node: Record<string, unknown> = {
      type: 'text',
      text: 'deep',
      marks: [{ type: 'comment', attrs: { commentId: 'c-deep' } }],
    };
    for (let level = 0; level < 40; level++)
      node = { type: 'blockquote', content: [node] };
    const result = findResultPageReferences({
      pageId: PAGE,
      title: 'Long',
      content: { type: 'doc', content: [node] },
    });
    expect(result.commentMarks.get(PAGE)).toEqual(new Set(['c-deep']));
  });

  it('reads page ids only where results name them, not in data nested deeper', () => {
    const result = findResultPageReferences({
      pageId: PAGE,
      blocks: [{ index: 0, kind: 'row', cells: [{ meta: { pageId: OTHER } }] }],
    });
    expect(result.pageIds).toEqual([PAGE]);
  });
});
