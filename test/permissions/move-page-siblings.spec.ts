import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const P = SEED_IDS.pages;

/**
 * movePage among siblings the caller may not all see: "Compensation Review 2025" sits at the
 * product space's root and only the owner sees it. The admin moving a page there learns nothing
 * of it: a wrong afterPageId lists only visible siblings, and the hidden page's id reads exactly
 * like an id that does not exist.
 */
describe('movePage never names or accepts a sibling the caller cannot see', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('lists only visible siblings when afterPageId is not among them', async () => {
    const error = await expectToolError(
      tools.call(
        'movePage',
        { pageId: P.supportPlaybook, afterPageId: 'no-such-page' },
        contextFor('admin'),
      ),
    );
    expect(error.message).toContain('Onboarding Guide');
    expect(error.message).not.toContain('Compensation');
    expect(error.message).not.toContain(P.compensationReview);
  });

  it("answers a hidden sibling's id exactly as an unknown one, and moves nothing", async () => {
    const unknown = 'aaaaaaaa-0000-4000-8000-000000000000';
    const asUnknown = await expectToolError(
      tools.call(
        'movePage',
        { pageId: P.supportPlaybook, afterPageId: unknown },
        contextFor('admin'),
      ),
    );
    const asHidden = await expectToolError(
      tools.call(
        'movePage',
        { pageId: P.supportPlaybook, afterPageId: P.compensationReview },
        contextFor('admin'),
      ),
    );
    expect(asHidden.code).toBe(asUnknown.code);
    expect(asHidden.message.replace(P.compensationReview, 'ID')).toBe(
      asUnknown.message.replace(unknown, 'ID'),
    );
    const page = await database.db
      .selectFrom('pages')
      .select('parentPageId')
      .where('id', '=', P.supportPlaybook)
      .executeTakeFirstOrThrow();
    expect(page.parentPageId).toBe(P.onboarding);
  });

  it('still places the page after a visible sibling for the owner, who sees them all', async () => {
    const moved = await tools.call(
      'movePage',
      { pageId: P.weeklySync, afterPageId: P.compensationReview },
      contextFor('owner'),
    );
    expect(moved).toMatchObject({ pageId: P.weeklySync });
  });
});
