import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import { pageIdField } from '../shared-fields';
import { ADDS, CHANGES, READ_ONLY, REPLACES } from '../tool-annotations';

/**
 * Table tools. Tables carry no block id, so a table is addressed by its outline index "#<n>"
 * (what getOutline and getNode show) or by its position among the page's tables.
 */

const TABLE_ADDRESSING =
  'Address the table as "#<n>", its outline index (the top-level block number getOutline shows, with rows/cols), or as a plain number k: the k-th table of the page in document order, from 0, counting tables nested in quotes, callouts or columns too (those have no outline index).';

const CELL_NOTE =
  'Rows and columns count from 0; row 0 is usually the header row (tableHeader cells). Column indexes count the cells present in a row; a merged cell (colspan/rowspan) counts once.';

const WRITE_NOTE =
  "Cell text is plain: line breaks become hard breaks, formatting is not kept (use patchNode on the cell's paragraph id for formatted text). Every write adds a page history version.";

const tableField = z
  .union([
    z.number().int().min(0),
    z
      .string()
      .trim()
      .regex(
        /^#?\d+$/,
        'use "#<outline index>" like "#3", or a table index like 0',
      ),
  ])
  .describe(
    'The table: "#<n>" = outline index from getOutline (e.g. "#3"), or a number k = the k-th table of the page from 0.',
  );

const rowField = z
  .number()
  .int()
  .min(0)
  .describe('Row index from 0 (row 0 is usually the header row).');

export const getTableTool = defineTool({
  name: 'getTable',
  mcpName: 'get_table',
  title: 'Read a table',
  description: [
    'Reads one table of a page as a cell matrix: one array per row, each cell with its plain text, whether it is a header cell, its colspan/rowspan, and the ids of the paragraphs inside it.',
    'Use it before tableInsertRow, tableUpdateCell or tableDeleteRow to see the exact rows and columns, or to read tabular data. The paragraph ids let you patch a cell with formatting (patchNode) or comment on it.',
    TABLE_ADDRESSING,
    "Returns the page id, version, the table's tableIndex, outlineIndex (null when nested), rows, columns and the cells.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.getTable,
  inputSchema: z.object({ pageId: pageIdField, table: tableField }),
  annotations: READ_ONLY,
});

export const tableInsertRowTool = defineTool({
  name: 'tableInsertRow',
  mcpName: 'table_insert_row',
  title: 'Insert a table row',
  description: [
    'Inserts a row of plain-text cells into a table, at a row index (the new row takes that index and later rows move down) or at the end when no index is given.',
    "Give one text per column, left to right; fewer texts leave the remaining cells empty, more than the table has columns is an error. New cells take their column's width; each gets a paragraph with a fresh id.",
    TABLE_ADDRESSING,
    'Refuses an index inside a merged cell spanning two rows.',
    WRITE_NOTE,
    "Returns the page id, the new row's index, the table's new size and the new version.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.tableInsertRow,
  inputSchema: z.object({
    pageId: pageIdField,
    table: tableField,
    cells: z
      .array(z.string().max(10_000))
      .max(100)
      .describe(
        'The new row\'s cell texts, left to right; e.g. ["Pro", "$15", "25"].',
      ),
    index: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'Row index the new row takes (0..rows; rows appends). Omit to append at the end. Use 1 to insert right after a header row.',
      ),
  }),
  annotations: ADDS,
});

export const tableUpdateCellTool = defineTool({
  name: 'tableUpdateCell',
  mcpName: 'table_update_cell',
  title: 'Set a table cell',
  description: [
    "Sets the plain-text content of one table cell, replacing what was in it. The cell's first paragraph keeps its id, so comments and links to it survive.",
    TABLE_ADDRESSING,
    CELL_NOTE,
    WRITE_NOTE,
    "Returns the page id, the cell's previous and new text, and the new version.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.tableUpdateCell,
  inputSchema: z.object({
    pageId: pageIdField,
    table: tableField,
    row: rowField,
    column: z
      .number()
      .int()
      .min(0)
      .describe('Column index from 0, left to right.'),
    text: z
      .string()
      .max(10_000)
      .describe(
        'The cell\'s new plain text; "" empties the cell; "\\n" makes a line break.',
      ),
  }),
  annotations: REPLACES,
});

export const tableDeleteRowTool = defineTool({
  name: 'tableDeleteRow',
  mcpName: 'table_delete_row',
  title: 'Delete a table row',
  description: [
    'Deletes one row of a table by its index; later rows move up. Check the row with getTable first: the index of every later row changes.',
    TABLE_ADDRESSING,
    'Refuses the only row of a table (delete the whole table with deleteNode "#<n>") and rows that are part of a merged cell.',
    'Every write adds a page history version.',
    "Returns the page id, the deleted row's cell texts, the table's new size and the new version.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.tableDeleteRow,
  inputSchema: z.object({
    pageId: pageIdField,
    table: tableField,
    row: rowField,
  }),
  annotations: CHANGES,
});

export const TABLE_TOOLS = [
  getTableTool,
  tableInsertRowTool,
  tableUpdateCellTool,
  tableDeleteRowTool,
] as const;
