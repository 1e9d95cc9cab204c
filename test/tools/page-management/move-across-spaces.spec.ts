import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import { seededTools, type SeededTools } from '../../support/seeded-tools';

/**
 * movePage into another space as Docmost moves a page there: the whole subtree moves, and what
 * hangs off its pages (comments, history, shares, attachments, watchers) follows, while the
 * subtree's page-level restrictions are dropped.
 */

const P = SEED_IDS.pages;
const S = SEED_IDS.spaces;
const U = SEED_IDS.users;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

describe('movePage to another space', () => {
  it('moves the subtree with its attachments, watchers, comments, history and shares, and drops its restrictions', async () => {
    const { db } = database;
    const subtree = [P.compensationReview, P.salaryBands];
    await db
      .insertInto('attachments')
      .values(
        subtree.map((pageId, index) => ({
          fileName: `bands-${index}.pdf`,
          filePath: `files/bands-${index}.pdf`,
          fileExt: '.pdf',
          creatorId: U.owner,
          pageId,
          spaceId: S.product,
          workspaceId: SEED_IDS.workspace,
        })),
      )
      .execute();
    await db
      .insertInto('watchers')
      .values(
        subtree.map((pageId) => ({
          userId: U.owner,
          pageId,
          spaceId: S.product,
          workspaceId: SEED_IDS.workspace,
          type: 'page',
        })),
      )
      .execute();
    await tools.call('renamePage', {
      pageId: P.salaryBands,
      title: 'Salary Bands 2025',
    });
    // A share made before the page was restricted (sharePage refuses a restricted page now).
    await db
      .insertInto('shares')
      .values({
        key: 'salarybandsshare01',
        pageId: P.salaryBands,
        includeSubPages: false,
        creatorId: U.owner,
        spaceId: S.product,
        workspaceId: SEED_IDS.workspace,
      })
      .execute();
    const spacesOf = async (
      table:
        | 'pages'
        | 'attachments'
        | 'watchers'
        | 'pageHistory'
        | 'shares'
        | 'comments',
    ) =>
      table === 'pages'
        ? (
            await db
              .selectFrom('pages')
              .select('spaceId')
              .where('id', 'in', subtree)
              .execute()
          ).map((row) => row.spaceId)
        : (
            await db
              .selectFrom(table)
              .select('spaceId')
              .where('pageId', 'in', subtree)
              .execute()
          ).map((row) => row.spaceId);
    expect(
      await db
        .selectFrom('pageAccess')
        .select('id')
        .where('pageId', 'in', subtree)
        .execute(),
    ).toHaveLength(1);

    const moved = await tools.call('movePage', {
      pageId: P.compensationReview,
      spaceId: S.leadership,
    });
    expect(moved).toMatchObject({
      pageId: P.compensationReview,
      spaceId: S.leadership,
      parentPageId: null,
      movedSubPages: 1,
      droppedRestrictions: 1,
    });
    for (const table of [
      'pages',
      'attachments',
      'watchers',
      'pageHistory',
      'shares',
    ] as const) {
      const spaces = await spacesOf(table);
      expect({
        table,
        count: spaces.length > 0,
        spaces: [...new Set(spaces)],
      }).toEqual({ table, count: true, spaces: [S.leadership] });
    }
    expect(
      await db
        .selectFrom('pageAccess')
        .select('id')
        .where('pageId', 'in', subtree)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('pagePermissions')
        .select('id')
        .where('id', '=', SEED_IDS.pagePermissions.compensationReviewOwner)
        .execute(),
    ).toEqual([]);
    // Restrictions elsewhere are untouched.
    expect(
      await db
        .selectFrom('pageAccess')
        .select('pageId')
        .where('id', '=', SEED_IDS.pageAccess.launchPlan)
        .execute(),
    ).toEqual([{ pageId: P.launchPlan }]);
  });
});
