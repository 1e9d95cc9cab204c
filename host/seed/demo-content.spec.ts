import type { ProseMirrorNode } from '../../src';
import { DEMO_COMMENTS } from './demo-comments';
import { DEMO_PAGE_HISTORY } from './demo-page-history';
import { DEMO_PAGES } from './seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from './seed-ids';

function* walk(
  node: ProseMirrorNode,
  parent?: ProseMirrorNode,
): Generator<{ node: ProseMirrorNode; parent?: ProseMirrorNode }> {
  yield { node, parent };
  for (const child of node.content ?? []) yield* walk(child, node);
}

function nodesOf(content: ProseMirrorNode): ProseMirrorNode[] {
  return [...walk(content)].map(({ node }) => node);
}

function commentMarks(
  content: ProseMirrorNode,
): { commentId: string; resolved: boolean; text: string }[] {
  return nodesOf(content).flatMap((node) =>
    (node.marks ?? [])
      .filter((mark) => mark.type === 'comment')
      .map((mark) => ({
        commentId: String(mark.attrs?.commentId),
        resolved: mark.attrs?.resolved === true,
        text: node.text ?? '',
      })),
  );
}

describe('demo content', () => {
  it('is a page tree of at least 12 pages across both spaces with unique slugs and sibling positions', () => {
    expect(DEMO_PAGES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_PAGES.map((page) => page.spaceId))).toEqual(
      new Set(Object.values(SEED_IDS.spaces)),
    );
    const seen = new Map<string, string>();
    for (const page of DEMO_PAGES) {
      if (page.parentPageId !== null)
        expect(seen.get(page.parentPageId)).toBe(page.spaceId);
      seen.set(page.id, page.spaceId);
    }
    expect(
      DEMO_PAGES.filter((page) => page.parentPageId !== null).length,
    ).toBeGreaterThanOrEqual(8);
    const slugIds = DEMO_PAGES.map((page) => page.slugId);
    expect(new Set(slugIds).size).toBe(slugIds.length);
    for (const slugId of slugIds) expect(slugId).toMatch(/^[A-Za-z0-9]{10}$/);
    const positions = DEMO_PAGES.map(
      (page) => `${page.spaceId}/${page.parentPageId}/${page.position}`,
    );
    expect(new Set(positions).size).toBe(positions.length);
    expect(new Set(DEMO_PAGES.map((page) => page.id))).toEqual(
      new Set(Object.values(SEED_IDS.pages)),
    );
  });

  it('gives every heading and paragraph a unique 12-letter id, lists and tables none', () => {
    const ids: string[] = [];
    for (const page of DEMO_PAGES) {
      for (const node of nodesOf(page.content)) {
        if (node.type === 'heading' || node.type === 'paragraph') {
          expect(node.attrs?.id).toMatch(/^[a-z]{12}$/);
          ids.push(String(node.attrs?.id));
        }
        if (
          [
            'bulletList',
            'orderedList',
            'listItem',
            'table',
            'tableRow',
            'tableCell',
            'tableHeader',
          ].includes(node.type)
        ) {
          expect(node.attrs?.id).toBeUndefined();
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of Object.values(SEED_NODE_IDS)) expect(ids).toContain(id);
  });

  it('uses every node and mark kind the tools must handle', () => {
    const all = DEMO_PAGES.flatMap((page) => nodesOf(page.content));
    const types = new Set(all.map((node) => node.type));
    for (const type of [
      'heading',
      'paragraph',
      'bulletList',
      'orderedList',
      'listItem',
      'table',
      'tableRow',
      'tableHeader',
      'tableCell',
      'image',
    ]) {
      expect(types).toContain(type);
    }
    const marks = new Set(
      all.flatMap((node) => (node.marks ?? []).map((mark) => mark.type)),
    );
    for (const mark of ['bold', 'italic', 'link', 'comment'])
      expect(marks).toContain(mark);
    const image = all.find((node) => node.type === 'image');
    expect(image?.attrs).toMatchObject({
      src: expect.any(String),
      alt: expect.any(String),
    });
  });

  it('puts the pricing table cells in paragraphs with ids', () => {
    const pricing = DEMO_PAGES.find(
      (page) => page.id === SEED_IDS.pages.pricing,
    )!;
    const cells = [...walk(pricing.content)].filter(
      ({ parent }) =>
        parent?.type === 'tableCell' || parent?.type === 'tableHeader',
    );
    expect(cells.length).toBe(12);
    for (const { node } of cells)
      expect(node).toMatchObject({
        type: 'paragraph',
        attrs: { id: expect.stringMatching(/^[a-z]{12}$/) },
      });
  });

  it('anchors every top-level comment with one mark that matches its selection and resolved state', () => {
    const topLevel = DEMO_COMMENTS.filter(
      (comment) => comment.parentCommentId === null,
    );
    for (const comment of topLevel) {
      const page = DEMO_PAGES.find(
        (candidate) => candidate.id === comment.pageId,
      )!;
      const marks = commentMarks(page.content).filter(
        (mark) => mark.commentId === comment.id,
      );
      expect(marks).toEqual([
        {
          commentId: comment.id,
          resolved: comment.resolved !== undefined,
          text: comment.selection,
        },
      ]);
    }
    const anchored = DEMO_PAGES.flatMap((page) =>
      commentMarks(page.content).map((mark) => `${page.id}/${mark.commentId}`),
    );
    expect(new Set(anchored)).toEqual(
      new Set(topLevel.map((comment) => `${comment.pageId}/${comment.id}`)),
    );
  });

  it('has reply threads, resolved threads and a commented page in Leadership', () => {
    const byId = new Map(DEMO_COMMENTS.map((comment) => [comment.id, comment]));
    const replies = DEMO_COMMENTS.filter(
      (comment) => comment.parentCommentId !== null,
    );
    expect(replies.length).toBeGreaterThanOrEqual(3);
    for (const reply of replies) {
      const parent = byId.get(reply.parentCommentId!)!;
      expect(parent.parentCommentId).toBeNull();
      expect(parent.pageId).toBe(reply.pageId);
      expect(reply.resolved).toBeUndefined();
    }
    expect(
      DEMO_COMMENTS.filter((comment) => comment.resolved).length,
    ).toBeGreaterThanOrEqual(2);
    const leadershipPages = new Set(
      DEMO_PAGES.filter(
        (page) => page.spaceId === SEED_IDS.spaces.leadership,
      ).map((page) => page.id),
    );
    expect(
      DEMO_COMMENTS.some((comment) => leadershipPages.has(comment.pageId)),
    ).toBe(true);
    expect(new Set(DEMO_COMMENTS.map((comment) => comment.id)).size).toBe(
      DEMO_COMMENTS.length,
    );
  });

  it('keeps consecutive history versions for at least two pages, the newest equal to the page', () => {
    const pageIds = [
      ...new Set(DEMO_PAGE_HISTORY.map((version) => version.pageId)),
    ];
    expect(pageIds.length).toBeGreaterThanOrEqual(2);
    for (const pageId of pageIds) {
      const versions = DEMO_PAGE_HISTORY.filter(
        (version) => version.pageId === pageId,
      );
      expect(versions.map((version) => version.version)).toEqual(
        versions.map((_, index) => index + 1),
      );
      expect(
        new Set(versions.map((version) => JSON.stringify(version.content)))
          .size,
      ).toBe(versions.length);
      const page = DEMO_PAGES.find((candidate) => candidate.id === pageId)!;
      expect(versions.at(-1)!.content).toEqual(page.content);
    }
  });
});
