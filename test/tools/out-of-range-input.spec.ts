import { abbreviate } from '../../src/ground';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

/**
 * Inputs that pass their format check but that PostgreSQL cannot represent (a timestamp in
 * year 0, a version number past the integer range, a date V8 reads but Postgres does not) must
 * get the tool's own "not valid" answer, not a leaked database error.
 */
const listPagesCursor = (updatedAt: string) =>
  Buffer.from(
    JSON.stringify(['listPages', updatedAt, SEED_IDS.pages.roadmap]),
  ).toString('base64url');

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => database.drop());

describe('listPages', () => {
  it.each([
    '1',
    '2025-06-31 10:00:00+00',
    'Sun Jun 01 2025',
    '0000-01-01 00:00:00+00',
  ])(
    'refuses a forged cursor holding "%s" as not a cursor',
    async (updatedAt) => {
      const cursor = listPagesCursor(updatedAt);
      const error = await expectToolError(tools.call('listPages', { cursor }));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toContain(
        `cursor "${abbreviate(cursor)}" is not a listPages cursor`,
      );
    },
  );

  it('keeps accepting the cursors it hands out', async () => {
    const first = await tools.call('listPages', { limit: 2 });
    const second = await tools.call('listPages', {
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.pages).toHaveLength(2);
    expect(second.pages[0].id).not.toBe(first.pages[1].id);
  });
});

describe('listPageHistory', () => {
  it('refuses a version cursor past the integer range as not its own', async () => {
    const error = await expectToolError(
      tools.call('listPageHistory', {
        pageId: SEED_IDS.pages.releaseNotes,
        cursor: 'v99999999999999999999',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(
      'cursor "v99999999999999999999" is not a listPageHistory cursor',
    );
  });
});

describe('checkNewComments', () => {
  it('refuses year 0000, which PostgreSQL has no such year for, like any invalid since', async () => {
    const error = await expectToolError(
      tools.call('checkNewComments', {
        spaceId: SEED_IDS.spaces.product,
        since: '0000-01-01T00:00:00Z',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(
      'since "0000-01-01T00:00:00Z" is not an ISO 8601 timestamp with a timezone',
    );
  });

  it('accepts the earliest year PostgreSQL has', async () => {
    const result = await tools.call('checkNewComments', {
      spaceId: SEED_IDS.spaces.product,
      since: '0001-01-01T00:00:00Z',
    });
    expect(result.count).toBeGreaterThan(0);
  });
});
