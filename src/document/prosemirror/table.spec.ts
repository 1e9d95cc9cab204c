import type { ProseMirrorNode } from './prosemirror-node';
import {
  deleteTableRow,
  findTables,
  insertTableRow,
  readTableCells,
  resolveTable,
  updateTableCell,
} from './table';

const cell = (
  text: string,
  id: string,
  type = 'tableCell',
  attrs: Record<string, unknown> = {},
): ProseMirrorNode => ({
  type,
  attrs: { colspan: 1, rowspan: 1, colwidth: null, ...attrs },
  content: [
    {
      type: 'paragraph',
      attrs: { id },
      content: text === '' ? undefined : [{ type: 'text', text }],
    },
  ],
});
const row = (...cells: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'tableRow',
  content: cells,
});

const pricing: ProseMirrorNode = {
  type: 'table',
  content: [
    row(
      cell('Plan', 'aaaaaaaaaaaa', 'tableHeader', { colwidth: [120] }),
      cell('Price', 'bbbbbbbbbbbb', 'tableHeader'),
    ),
    row(cell('Starter', 'cccccccccccc'), cell('$0', 'dddddddddddd')),
    row(cell('Team', 'eeeeeeeeeeee'), cell('$8', 'ffffffffffff')),
  ],
};
const doc: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { id: 'pppppppppppp' },
      content: [{ type: 'text', text: 'Intro' }],
    },
    pricing,
    {
      type: 'blockquote',
      content: [
        { type: 'table', content: [row(cell('nested', 'gggggggggggg'))] },
      ],
    },
  ],
};

describe('table addressing', () => {
  it('finds tables in document order with outline indexes for top-level ones', () => {
    expect(
      findTables(doc).map((table) => [
        table.tableIndex,
        table.outlineIndex,
        table.rows,
        table.columns,
      ]),
    ).toEqual([
      [0, 1, 3, 2],
      [1, undefined, 1, 1],
    ]);
  });

  it('resolves "#<outline index>", a table index, and a digit string', () => {
    expect(resolveTable(doc, '#1').tableIndex).toBe(0);
    expect(resolveTable(doc, 1).path).toEqual([2, 0]);
    expect(resolveTable(doc, '0').outlineIndex).toBe(1);
  });

  it('explains a reference that names no table', () => {
    expect(() => resolveTable(doc, '#0')).toThrow(
      'outline index #0 is a paragraph, not a table',
    );
    expect(() => resolveTable(doc, '#9')).toThrow(
      'outline index #9 does not exist (the page has 3 top-level blocks)',
    );
    expect(() => resolveTable(doc, 5)).toThrow(
      'table 5 is out of range: the page has 2 table(s), indexes 0..1',
    );
    expect(() => resolveTable({ type: 'doc', content: [] }, 0)).toThrow(
      'this page has no tables',
    );
  });
});

describe('table edits', () => {
  const located = () => resolveTable(doc, '#1');

  it('reads the cell matrix with paragraph ids', () => {
    const cells = readTableCells(pricing, (id) => id);
    expect(
      cells.map((cellsOfRow) => cellsOfRow.map((view) => view.text)),
    ).toEqual([
      ['Plan', 'Price'],
      ['Starter', '$0'],
      ['Team', '$8'],
    ]);
    expect(cells[0]![0]).toMatchObject({
      header: true,
      paragraphIds: ['aaaaaaaaaaaa'],
    });
  });

  it('inserts a row of plain-text cells, padding missing cells and copying column widths', () => {
    const taken = new Set(['aaaaaaaaaaaa']);
    const table = insertTableRow(located(), 2, ['Pro'], taken);
    const cells = readTableCells(table, (id) => id);
    expect(
      cells.map((cellsOfRow) => cellsOfRow.map((view) => view.text)),
    ).toEqual([
      ['Plan', 'Price'],
      ['Starter', '$0'],
      ['Pro', ''],
      ['Team', '$8'],
    ]);
    expect(cells[2]![0]!.paragraphIds[0]).toMatch(/^[a-z]{12}$/);
    expect(table.content![2]!.content![0]!.attrs).toEqual({
      colspan: 1,
      rowspan: 1,
      colwidth: [120],
    });
  });

  it('refuses out-of-range rows and too many cells, giving the table size', () => {
    expect(() => insertTableRow(located(), 4, ['x'], new Set())).toThrow(
      'row index 4 is out of range: table #1 (3 rows × 2 columns) accepts a new row at 0..3',
    );
    expect(() =>
      insertTableRow(located(), 1, ['a', 'b', 'c'], new Set()),
    ).toThrow('3 cells given but table #1 (3 rows × 2 columns) has 2 columns');
    expect(() => updateTableCell(located(), 3, 0, 'x', new Set())).toThrow(
      'row 3 is out of range: table #1 (3 rows × 2 columns) has rows 0..2 and columns 0..1',
    );
    expect(() => updateTableCell(located(), 1, 2, 'x', new Set())).toThrow(
      'column 2 is out of range',
    );
    expect(() => deleteTableRow(located(), -1)).toThrow(
      'row -1 is out of range',
    );
  });

  it('updates one cell keeping its paragraph id, with line breaks as hardBreaks', () => {
    const { table, previousText } = updateTableCell(
      located(),
      2,
      1,
      '$9\nper seat',
      new Set(['ffffffffffff']),
    );
    expect(previousText).toBe('$8');
    expect(table.content![2]!.content![1]!.content).toEqual([
      {
        type: 'paragraph',
        attrs: { id: 'ffffffffffff' },
        content: [
          { type: 'text', text: '$9' },
          { type: 'hardBreak' },
          { type: 'text', text: 'per seat' },
        ],
      },
    ]);
  });

  it('deletes a row but never the last one, nor one inside a merged cell', () => {
    const { table, deletedTexts } = deleteTableRow(located(), 1);
    expect(deletedTexts).toEqual(['Starter', '$0']);
    expect(
      readTableCells(table, (id) => id).map(
        (cellsOfRow) => cellsOfRow[0]!.text,
      ),
    ).toEqual(['Plan', 'Team']);
    expect(() => deleteTableRow(resolveTable(doc, 1), 0)).toThrow(/only row/);
    // A nested table has no outline index to delete it by: the way on is its container.
    const quoted: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'blockquote',
          content: [
            {
              type: 'table',
              content: [
                {
                  type: 'tableRow',
                  content: [
                    { type: 'tableCell', content: [{ type: 'paragraph' }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(() => deleteTableRow(resolveTable(quoted, 0), 0)).toThrow(
      'row 0 is the only row of table 0 (1 rows × 1 columns); a table cannot be empty; to remove the whole table, patchNode or deleteNode the block it is nested in',
    );
    const merged: ProseMirrorNode = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            row(cell('a', 'hhhhhhhhhhhh', 'tableCell', { rowspan: 2 })),
            row(cell('b', 'iiiiiiiiiiii')),
          ],
        },
      ],
    };
    expect(() => deleteTableRow(resolveTable(merged, 0), 1)).toThrow(
      /merged cell/,
    );
    expect(() =>
      insertTableRow(resolveTable(merged, 0), 1, [], new Set()),
    ).toThrow(/merged cell spans rows 0 and 1/);
  });
});
