import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

/**
 * Inline atoms (hard breaks, mentions) count as one U+FFFC character when editPageText matches
 * block text. A `find` holding U+FFFC could match across an atom, which the edit cannot rewrite:
 * that must be a tool error saying so, not a RangeError from the text splicer.
 */
const P = SEED_IDS.pages;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
  const content = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        attrs: { id: 'abcdefghijkl' },
        content: [
          { type: 'text', text: 'see you ' },
          { type: 'hardBreak' },
          { type: 'text', text: ' tomorrow' },
        ],
      },
    ],
  };
  await database.db
    .updateTable('pages')
    .set({ content: content as never })
    .where('id', '=', P.weeklySync)
    .execute();
});
afterAll(async () => database.drop());

it.each(['see you \uFFFC tomorrow', ' \uFFFC '])(
  'refuses find %j across a line break with a tool error and writes nothing',
  async (find) => {
    const before = await database.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', P.weeklySync)
      .executeTakeFirstOrThrow();
    const error = await expectToolError(
      tools.call('editPageText', {
        pageId: P.weeklySync,
        find,
        replace: 'x',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/^find contains U\+FFFC/);
    expect(error.message).toContain('edit the text on each side separately');
    const after = await database.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', P.weeklySync)
      .executeTakeFirstOrThrow();
    expect(after.content).toEqual(before.content);
  },
);

it('still edits the text on one side of the line break', async () => {
  const result = await tools.call('editPageText', {
    pageId: P.weeklySync,
    find: 'tomorrow',
    replace: 'on Monday',
  });
  expect(result.blocks[0].after).toBe('see you \n on Monday');
});
