import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';
import { shownBlockId } from '../../support/shown-block-id';

const P = SEED_IDS.pages;
const N = SEED_NODE_IDS;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

const texts = (table: { cells: { text: string }[][] }) =>
  table.cells.map((row) => row.map((cell) => cell.text));

describe('getTable', () => {
  it('reads the pricing table as a cell matrix with paragraph ids, by outline index or table index', async () => {
    const table = await tools.call('getTable', {
      pageId: P.pricing,
      table: '#2',
    });
    expect(table).toMatchObject({
      pageId: P.pricing,
      tableIndex: 0,
      outlineIndex: 2,
      rows: 4,
      columns: 3,
    });
    expect(texts(table)).toEqual([
      ['Plan', 'Price', 'Seats'],
      ['Starter', '$0', 'Up to 5'],
      ['Team', '$8', 'Up to 200'],
      ['Enterprise', 'Contact sales', 'Unlimited'],
    ]);
    expect(table.cells[0][0]).toMatchObject({
      header: true,
      paragraphIds: [shownBlockId(N.pricingHeaderPlan)],
      colspan: 1,
      rowspan: 1,
    });
    expect(table.cells[2][1].paragraphIds).toEqual([
      shownBlockId(N.pricingTeamPrice),
    ]);
    expect(
      await tools.call('getTable', { pageId: P.pricing, table: 0 }),
    ).toEqual(table);
  });

  it('explains references that name no table', async () => {
    expect(
      (
        await expectToolError(
          tools.call('getTable', { pageId: P.pricing, table: '#0' }),
        )
      ).message,
    ).toContain('outline index #0 is a heading, not a table');
    expect(
      (
        await expectToolError(
          tools.call('getTable', { pageId: P.pricing, table: 3 }),
        )
      ).message,
    ).toContain('table 3 is out of range: the page has 1 table(s)');
    expect(
      (
        await expectToolError(
          tools.call('getTable', { pageId: P.roadmap, table: 0 }),
        )
      ).message,
    ).toBe('this page has no tables');
    const malformed = await expectToolError(
      tools.call('getTable', { pageId: P.pricing, table: 'first' }),
    );
    expect(malformed.code).toBe('invalid_input');
    expect(malformed.message).toContain('table');
  });
});

describe('table writes', () => {
  it('inserts a row of plain-text cells after the header', async () => {
    const before = await tools.page(P.pricing);
    const result = await tools.call('tableInsertRow', {
      pageId: P.pricing,
      table: '#2',
      index: 1,
      cells: ['Free trial', '$0 for 14 days'],
    });
    expect(result).toMatchObject({ row: 1, rows: 5, columns: 3 });
    const table = await tools.call('getTable', {
      pageId: P.pricing,
      table: '#2',
    });
    expect(texts(table)[1]).toEqual(['Free trial', '$0 for 14 days', '']);
    expect(table.cells[1][0].paragraphIds[0]).toMatch(/^[a-z]{5,12}$/);
    const after = await tools.page(P.pricing);
    expect(after.textContent).toContain('Free trial\n$0 for 14 days');
    expect(after.historyCount).toBe(before.historyCount + 1);
  });

  it('appends when no index is given', async () => {
    const result = await tools.call('tableInsertRow', {
      pageId: P.pricing,
      table: 0,
      cells: ['Education', '$2', 'Unlimited'],
    });
    expect(result).toMatchObject({ row: 5, rows: 6 });
  });

  it('sets one cell, keeping its paragraph id', async () => {
    const result = await tools.call('tableUpdateCell', {
      pageId: P.pricing,
      table: '#2',
      row: 3,
      column: 1,
      text: '$9',
    });
    expect(result).toMatchObject({ previousText: '$8', text: '$9' });
    const table = await tools.call('getTable', {
      pageId: P.pricing,
      table: '#2',
    });
    expect(table.cells[3][1]).toMatchObject({
      text: '$9',
      paragraphIds: [shownBlockId(N.pricingTeamPrice)],
    });
  });

  it('deletes a row and reports its cells', async () => {
    const result = await tools.call('tableDeleteRow', {
      pageId: P.pricing,
      table: '#2',
      row: 5,
    });
    expect(result).toMatchObject({
      deletedCells: ['Education', '$2', 'Unlimited'],
      rows: 5,
      columns: 3,
    });
    const page = await tools.page(P.pricing);
    expect(page.textContent).not.toContain('Education');
  });

  it('gives the table size for out-of-range rows, columns and too many cells, writing nothing', async () => {
    const before = await tools.page(P.pricing);
    const insert = await expectToolError(
      tools.call('tableInsertRow', {
        pageId: P.pricing,
        table: '#2',
        index: 9,
        cells: [],
      }),
    );
    expect(insert.message).toBe(
      'row index 9 is out of range: table #2 (5 rows × 3 columns) accepts a new row at 0..5 (5 appends)',
    );
    const tooWide = await expectToolError(
      tools.call('tableInsertRow', {
        pageId: P.pricing,
        table: '#2',
        cells: ['a', 'b', 'c', 'd'],
      }),
    );
    expect(tooWide.message).toContain(
      '4 cells given but table #2 (5 rows × 3 columns) has 3 columns',
    );
    const row = await expectToolError(
      tools.call('tableUpdateCell', {
        pageId: P.pricing,
        table: '#2',
        row: 7,
        column: 0,
        text: 'x',
      }),
    );
    expect(row.message).toBe(
      'row 7 is out of range: table #2 (5 rows × 3 columns) has rows 0..4 and columns 0..2',
    );
    const column = await expectToolError(
      tools.call('tableUpdateCell', {
        pageId: P.pricing,
        table: '#2',
        row: 1,
        column: 3,
        text: 'x',
      }),
    );
    expect(column.message).toContain(
      'column 3 is out of range: row 1 of table #2 (5 rows × 3 columns) has 3 cells',
    );
    const remove = await expectToolError(
      tools.call('tableDeleteRow', {
        pageId: P.pricing,
        table: '#2',
        row: 5,
      }),
    );
    expect(remove.message).toContain('row 5 is out of range');
    expect(remove.details).toMatchObject({ rows: 5, columns: 3 });
    expect(await tools.page(P.pricing)).toEqual(before);
  });
});
