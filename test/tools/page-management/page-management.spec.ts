import { PAGE_NOT_FOUND } from '../../../src/access';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { COMMENT_MARK_TYPE, stripMarks } from '../../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const S = SEED_IDS.spaces;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

interface TreeNode {
  title: string;
  childCount: number;
  children?: TreeNode[];
}
const titles = (pages: TreeNode[]): unknown[] =>
  pages.map((page) =>
    page.children ? [page.title, titles(page.children)] : page.title,
  );

async function pageRow(id: string) {
  return database.db
    .selectFrom('pages')
    .select(['parentPageId', 'position', 'spaceId', 'deletedAt', 'deletedById'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('listSidebarPages', () => {
  it('lists the space tree in sidebar order, without the restricted pages the caller may not see', async () => {
    const tree = await tools.call(
      'listSidebarPages',
      { spaceId: S.product },
      'member',
    );
    expect(tree).toMatchObject({
      spaceId: S.product,
      spaceName: 'Product',
      listed: 11,
      total: 11,
      truncated: false,
    });
    // The owner-only Compensation Review (and Salary Bands below it) is hidden; the Writers group reads the Launch Plan.
    expect(titles(tree.pages)).toEqual([
      [
        'Product Handbook',
        [
          'Roadmap 2025',
          'Release Notes 2.4 (draft)',
          'Pricing and Plans',
          'Design Principles',
        ],
      ],
      ['Onboarding Guide', ['Engineering Setup', 'Support Playbook']],
      ['Meeting Notes', ['Weekly Sync 2025-06-02']],
      'Launch Plan 2.4',
    ]);
  });

  it('stops at maxDepth with child counts, lists a subtree, and cuts at the limit', async () => {
    const shallow = await tools.call('listSidebarPages', {
      spaceId: S.product,
      maxDepth: 1,
    });
    expect(
      shallow.pages.map((page: TreeNode) => [
        page.title,
        page.childCount,
        page.children,
      ]),
    ).toEqual([
      ['Product Handbook', 4, undefined],
      ['Onboarding Guide', 2, undefined],
      ['Meeting Notes', 1, undefined],
      ['Compensation Review 2025', 1, undefined],
      ['Launch Plan 2.4', 0, undefined],
    ]);
    const subtree = await tools.call('listSidebarPages', {
      spaceId: S.product,
      parentPageId: P.onboarding,
    });
    expect(titles(subtree.pages)).toEqual([
      'Engineering Setup',
      'Support Playbook',
    ]);
    expect(subtree.total).toBe(2);
    const cut = await tools.call('listSidebarPages', {
      spaceId: S.product,
      limit: 3,
    });
    expect(cut).toMatchObject({ listed: 3, total: 13, truncated: true });
  });

  it('refuses a subtree root from another space', async () => {
    const error = await expectToolError(
      tools.call('listSidebarPages', {
        spaceId: S.product,
        parentPageId: P.strategy,
      }),
    );
    expect(error.message).toContain(`is not in space ${S.product}`);
  });
});

describe('renamePage', () => {
  it('changes only the title, adding a history version', async () => {
    const before = await tools.page(P.designPrinciples);
    const result = await tools.call(
      'renamePage',
      { pageId: P.designPrinciples, title: '  Design Principles v2  ' },
      'member',
    );
    expect(result).toMatchObject({
      previousTitle: 'Design Principles',
      title: 'Design Principles v2',
    });
    const after = await tools.page(P.designPrinciples);
    expect(after).toMatchObject({
      title: 'Design Principles v2',
      content: before.content,
      historyCount: before.historyCount + 1,
    });
    const empty = await expectToolError(
      tools.call('renamePage', { pageId: P.designPrinciples, title: '   ' }),
    );
    expect(empty.code).toBe('invalid_input');
  });
});

describe('movePage', () => {
  it('moves a page under a new parent, last or first among its siblings, or after a sibling', async () => {
    const last = await tools.call('movePage', {
      pageId: P.supportPlaybook,
      parentPageId: P.meetingNotes,
    });
    expect(last).toMatchObject({
      parentPageId: P.meetingNotes,
      spaceId: S.product,
      position: expect.stringMatching(/^a1[0-9A-Za-z]*$/),
      movedSubPages: 0,
    });
    const first = await tools.call('movePage', {
      pageId: P.engineeringSetup,
      parentPageId: 'H5VVN528Jm',
      position: 'first',
    });
    expect(first.position < 'a0').toBe(true);
    const after = await tools.call('movePage', {
      pageId: P.weeklySync,
      parentPageId: P.productHandbook,
      afterPageId: P.roadmap,
    });
    expect(after.position > 'a0' && after.position < 'a1').toBe(true);
    const tree = await tools.call('listSidebarPages', { spaceId: S.product });
    expect(titles(tree.pages)).toEqual([
      [
        'Product Handbook',
        [
          'Engineering Setup',
          'Roadmap 2025',
          'Weekly Sync 2025-06-02',
          'Release Notes 2.4 (draft)',
          'Pricing and Plans',
          'Design Principles v2',
        ],
      ],
      'Onboarding Guide',
      ['Meeting Notes', ['Support Playbook']],
      ['Compensation Review 2025', ['Salary Bands']],
      'Launch Plan 2.4',
    ]);
  });

  it('moves a page to the space root', async () => {
    const result = await tools.call('movePage', {
      pageId: P.supportPlaybook,
      parentPageId: null,
    });
    // Last at the root (after a4), as Docmost keys it: the next integer and a random tail.
    expect(result).toMatchObject({
      parentPageId: null,
      position: expect.stringMatching(/^a5[0-9A-Za-z]*$/),
    });
    expect(await pageRow(P.supportPlaybook)).toMatchObject({
      parentPageId: null,
      position: (result as { position: string }).position,
    });
  });

  it('refuses cycles, naming the chain, and leaves the tree unchanged', async () => {
    const before = await pageRow(P.productHandbook);
    const underChild = await expectToolError(
      tools.call('movePage', {
        pageId: P.productHandbook,
        parentPageId: P.roadmap,
      }),
    );
    expect(underChild.message).toBe(
      'cannot move page "Product Handbook" under "Roadmap 2025": that page is inside it ("Product Handbook" > "Roadmap 2025"), which would make a cycle; move "Roadmap 2025" out first or choose another parent',
    );
    const underItself = await expectToolError(
      tools.call('movePage', {
        pageId: P.productHandbook,
        parentPageId: P.productHandbook,
      }),
    );
    expect(underItself.message).toContain('under itself');
    expect(await pageRow(P.productHandbook)).toEqual(before);
  });

  it('refuses a parent from another workspace as if it did not exist, and a spaceId that contradicts the parent', async () => {
    const other = await database.db
      .insertInto('workspaces')
      .values({ name: 'Other Corp' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherSpace = await database.db
      .insertInto('spaces')
      .values({ name: 'Other', slug: 'other', workspaceId: other.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignPage = await database.db
      .insertInto('pages')
      .values({
        slugId: 'otherCorp01',
        title: 'Foreign',
        spaceId: otherSpace.id,
        workspaceId: other.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await pageRow(P.supportPlaybook);

    const foreign = await expectToolError(
      tools.call('movePage', {
        pageId: P.supportPlaybook,
        parentPageId: foreignPage.id,
      }),
    );
    expect(foreign.message).toBe(`page ${foreignPage.id} ${PAGE_NOT_FOUND}`);

    const contradiction = await expectToolError(
      tools.call('movePage', {
        pageId: P.supportPlaybook,
        parentPageId: P.meetingNotes,
        spaceId: S.leadership,
      }),
    );
    expect(contradiction.code).toBe('invalid_input');
    expect(contradiction.message).toContain(
      `contradicts parentPageId ${P.meetingNotes}, which is in space ${S.product}`,
    );
    expect(await pageRow(P.supportPlaybook)).toEqual(before);
  });

  it('refuses an afterPageId that is not among the new siblings', async () => {
    const error = await expectToolError(
      tools.call('movePage', {
        pageId: P.supportPlaybook,
        parentPageId: P.meetingNotes,
        afterPageId: P.roadmap,
      }),
    );
    expect(error.message).toContain(
      `afterPageId ${P.roadmap} is not a page under "Meeting Notes"`,
    );
    expect(error.message).toContain('the pages there are: none');
  });

  it('moves a subtree into another space with its comments and history', async () => {
    await tools.call('movePage', {
      pageId: P.supportPlaybook,
      parentPageId: P.onboarding,
    });
    const result = await tools.call(
      'movePage',
      { pageId: P.onboarding, spaceId: S.leadership },
      'owner',
    );
    expect(result).toMatchObject({
      parentPageId: null,
      spaceId: S.leadership,
      // Last at the new space's root (after a1), with Docmost's random tail.
      position: expect.stringMatching(/^a2[0-9A-Za-z]*$/),
      movedSubPages: 1,
    });
    expect(await pageRow(P.supportPlaybook)).toMatchObject({
      spaceId: S.leadership,
      parentPageId: P.onboarding,
    });
    const comments = await database.db
      .selectFrom('comments')
      .select('spaceId')
      .where('pageId', '=', P.supportPlaybook)
      .execute();
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((comment) => comment.spaceId === S.leadership)).toBe(
      true,
    );
    const member = await expectToolError(
      tools.call('getPageJson', { pageId: P.supportPlaybook }, 'member'),
    );
    expect(member.message).toBe(`page ${P.supportPlaybook} ${PAGE_NOT_FOUND}`);
    const tree = await tools.call('listSidebarPages', {
      spaceId: S.leadership,
    });
    expect(titles(tree.pages)).toEqual([
      ['Leadership Overview', ['Strategy 2026', 'Hiring Plan']],
      'Board Meeting Prep',
      ['Onboarding Guide', ['Support Playbook']],
    ]);
  });

  it('refuses a target space the caller cannot write to, as if it did not exist', async () => {
    const error = await expectToolError(
      tools.call(
        'movePage',
        { pageId: P.meetingNotes, spaceId: S.leadership },
        'member',
      ),
    );
    expect(error.message).toBe(
      `space ${S.leadership} not found or no access; call listSpaces for the spaces you can use`,
    );
    expect((await pageRow(P.meetingNotes)).spaceId).toBe(S.product);
  });
});

describe('deletePage', () => {
  it("moves a page and its sub-pages to the trash, restorable, and deletes their shares for good as Docmost's trash does", async () => {
    const shares = () =>
      database.db
        .selectFrom('shares')
        .select('id')
        .where('pageId', '=', P.productHandbook)
        .execute();
    expect(await shares()).toEqual([{ id: SEED_IDS.shares.productHandbook }]);
    const result = await tools.call(
      'deletePage',
      { pageId: P.productHandbook },
      'member',
    );
    expect(result.trashed).toBe(7);
    expect(result.trashedPageIds).toEqual(
      expect.arrayContaining([
        P.productHandbook,
        P.roadmap,
        P.weeklySync,
        P.engineeringSetup,
      ]),
    );
    const row = await pageRow(P.roadmap);
    expect(row.deletedAt).not.toBeNull();
    expect(row.deletedById).toBe(SEED_IDS.users.member);
    const history = await database.db
      .selectFrom('pageHistory')
      .select('id')
      .where('pageId', '=', P.releaseNotes)
      .execute();
    expect(history).toHaveLength(3);
    expect(await shares()).toEqual([]);
    const gone = await expectToolError(
      tools.call('getPageJson', { pageId: P.roadmap }),
    );
    expect(gone.message).toBe(`page ${P.roadmap} ${PAGE_NOT_FOUND}`);
    const again = await expectToolError(
      tools.call('deletePage', { pageId: P.productHandbook }),
    );
    expect(again.code).toBe('not_found');
  });
});

describe('copyPageContent', () => {
  it('replaces the target content with the source content without its comment anchors', async () => {
    const source = await tools.page(P.strategy);
    const target = await tools.page(P.hiringPlan);
    const result = await tools.call('copyPageContent', {
      sourcePageId: P.strategy,
      targetPageId: P.hiringPlan,
      baseVersion: target.version,
    });
    expect(result.commentAnchorsDropped).toBeGreaterThan(0);
    const after = await tools.page(P.hiringPlan);
    expect(after.content).toEqual(
      stripMarks(source.content, COMMENT_MARK_TYPE).node,
    );
    expect(after).toMatchObject({
      title: 'Hiring Plan',
      textContent: source.textContent,
      historyCount: target.historyCount + 1,
    });
  });

  it('refuses the same page and a stale baseVersion', async () => {
    const same = await expectToolError(
      tools.call('copyPageContent', {
        sourcePageId: P.strategy,
        targetPageId: P.strategy,
      }),
    );
    expect(same.message).toContain('name the same page');
    const stale = await expectToolError(
      tools.call('copyPageContent', {
        sourcePageId: P.boardPrep,
        targetPageId: P.hiringPlan,
        baseVersion: '2025-01-01 00:00:00+00',
      }),
    );
    expect(stale.code).toBe('conflict');
  });
});
