import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import { seededTools, type SeededTools } from '../../support/seeded-tools';

/**
 * Docmost data can hold siblings with the same position key (pages created at the same time,
 * imports). Placing a page after one of them must still work and land it after that sibling,
 * not crash on "a0 >= a0" from the key generator.
 */
const P = SEED_IDS.pages;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => database.drop());

async function rootOrder(): Promise<string[]> {
  const sidebar = await tools.call('listSidebarPages', {
    spaceId: SEED_IDS.spaces.product,
    maxDepth: 1,
  });
  return sidebar.pages.map((page: { id: string }) => page.id);
}

it('places a page after a sibling whose position key another sibling shares', async () => {
  // Handbook and Onboarding share "a0"; Meeting Notes is "a1".
  await database.db
    .updateTable('pages')
    .set({ position: 'a0' })
    .where('id', 'in', [P.productHandbook, P.onboarding])
    .execute();
  await database.db
    .updateTable('pages')
    .set({ position: 'a1' })
    .where('id', '=', P.meetingNotes)
    .execute();
  const [firstOfPair] = await rootOrder();
  expect(firstOfPair).toBe(P.productHandbook);

  const moved = await tools.call('movePage', {
    pageId: P.weeklySync,
    parentPageId: null,
    afterPageId: P.productHandbook,
  });

  expect(moved.parentPageId).toBeNull();
  const order = await rootOrder();
  expect(order.indexOf(P.weeklySync)).toBeGreaterThan(
    order.indexOf(P.productHandbook),
  );
  expect(order.indexOf(P.weeklySync)).toBeLessThan(
    order.indexOf(P.meetingNotes),
  );
});
