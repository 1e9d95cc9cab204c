import { ToolError } from '../../ground';
import { assignBlockIds } from './block-tree';
import type { NodePath } from './find-block';
import { extractText } from './extract-text';
import { tableSize } from './outline';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * Tables carry no block ids, so tools address them two ways: `"#<n>"`, the outline index (the
 * table's position among the document's top-level blocks, as getOutline and getNode number
 * them), or a plain number `n`, the table's position among all tables of the page in document
 * order (nested ones included), from 0.
 */
export type TableReference = number | string;

export interface LocatedTable {
  readonly node: ProseMirrorNode;
  readonly path: NodePath;
  /** Position among all tables of the document, from 0. */
  readonly tableIndex: number;
  /** Outline index `#<n>` when the table is a top-level block. */
  readonly outlineIndex: number | undefined;
  readonly rows: number;
  readonly columns: number;
}

export interface TableCellView {
  readonly row: number;
  readonly column: number;
  readonly header: boolean;
  readonly text: string;
  /** Ids of the paragraphs (and headings) inside the cell: anchors for patchNode / getNode. */
  readonly paragraphIds: readonly string[];
  readonly colspan: number;
  readonly rowspan: number;
}

const CELL_TYPES = new Set(['tableCell', 'tableHeader']);

function span(cell: ProseMirrorNode, name: 'colspan' | 'rowspan'): number {
  const value = cell.attrs?.[name];
  return typeof value === 'number' && Number.isInteger(value) && value > 1
    ? value
    : 1;
}

function rowsOf(table: ProseMirrorNode): readonly ProseMirrorNode[] {
  return (table.content ?? []).filter((row) => row.type === 'tableRow');
}

function cellsOf(row: ProseMirrorNode): readonly ProseMirrorNode[] {
  return (row.content ?? []).filter((cell) => CELL_TYPES.has(cell.type));
}

/** Every table of the document, in document order. */
export function findTables(doc: ProseMirrorNode): LocatedTable[] {
  const tables: LocatedTable[] = [];
  const walk = (node: ProseMirrorNode, path: number[]): void => {
    (node.content ?? []).forEach((child, index) => {
      const childPath = [...path, index];
      if (child.type === 'table') {
        tables.push({
          node: child,
          path: childPath,
          tableIndex: tables.length,
          outlineIndex: childPath.length === 1 ? index : undefined,
          rows: tableSize(child).rows,
          columns: tableSize(child).cols,
        });
      }
      walk(child, childPath);
    });
  };
  walk(doc, []);
  return tables;
}

export function describeTable(table: LocatedTable): string {
  const name =
    table.outlineIndex === undefined
      ? `table ${table.tableIndex}`
      : `table #${table.outlineIndex}`;
  return `${name} (${table.rows} rows × ${table.columns} columns)`;
}

function listTables(tables: readonly LocatedTable[]): string {
  return tables
    .map(
      (table) =>
        `${table.tableIndex}${table.outlineIndex === undefined ? ' (nested)' : ` = #${table.outlineIndex}`}: ${table.rows}×${table.columns}`,
    )
    .join(', ');
}

/** Resolves a `TableReference` or throws a `ToolError` listing the tables the page has. */
export function resolveTable(
  doc: ProseMirrorNode,
  reference: TableReference,
): LocatedTable {
  const tables = findTables(doc);
  if (tables.length === 0)
    throw new ToolError('not_found', 'this page has no tables');
  const text = String(reference).trim();
  const available = `the page's tables (index = #outline): ${listTables(tables)}`;
  if (text.startsWith('#')) {
    const outlineIndex = Number(text.slice(1));
    const table = tables.find(
      (candidate) => candidate.outlineIndex === outlineIndex,
    );
    if (table) return table;
    const block = doc.content?.[outlineIndex];
    const what = block
      ? `is a ${block.type}, not a table`
      : `does not exist (the page has ${doc.content?.length ?? 0} top-level blocks)`;
    throw new ToolError(
      'not_found',
      `outline index #${outlineIndex} ${what}; ${available}`,
    );
  }
  const tableIndex = Number(text);
  const table = Number.isInteger(tableIndex) ? tables[tableIndex] : undefined;
  if (table) return table;
  throw new ToolError(
    'not_found',
    `table ${text} is out of range: the page has ${tables.length} table(s), indexes 0..${tables.length - 1}; ${available}`,
  );
}

/**
 * The cell matrix: one array per row, one entry per cell present in that row; `nameId` shows
 * each paragraph id (getTable shortens them as getPage does, see `blockIdNames`).
 */
export function readTableCells(
  table: ProseMirrorNode,
  nameId: (id: string) => string,
): TableCellView[][] {
  return rowsOf(table).map((row, rowIndex) =>
    cellsOf(row).map((cell, column) => ({
      row: rowIndex,
      column,
      header: cell.type === 'tableHeader',
      text: extractText(cell),
      paragraphIds: collectTextBlockIds(cell).map(nameId),
      colspan: span(cell, 'colspan'),
      rowspan: span(cell, 'rowspan'),
    })),
  );
}

function collectTextBlockIds(node: ProseMirrorNode): string[] {
  const ids: string[] = [];
  const walk = (current: ProseMirrorNode): void => {
    if (
      (current.type === 'paragraph' || current.type === 'heading') &&
      typeof current.attrs?.id === 'string'
    )
      ids.push(current.attrs.id);
    current.content?.forEach(walk);
  };
  walk(node);
  return ids;
}

/** A paragraph holding plain text; line breaks become hardBreak nodes. */
export function textParagraph(text: string, id?: string): ProseMirrorNode {
  const content: ProseMirrorNode[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) content.push({ type: 'hardBreak' });
    if (line !== '') content.push({ type: 'text', text: line });
  });
  return {
    type: 'paragraph',
    ...(id === undefined ? {} : { attrs: { id } }),
    ...(content.length > 0 ? { content } : {}),
  };
}

/** `crossing[b]`: a merged cell spans across the boundary above row `b`. */
function rowSpanCrossings(table: ProseMirrorNode): boolean[] {
  const rows = rowsOf(table);
  const crossing = rows.map(() => false);
  rows.forEach((row, rowIndex) => {
    for (const cell of cellsOf(row)) {
      for (
        let boundary = rowIndex + 1;
        boundary < rowIndex + span(cell, 'rowspan') && boundary < rows.length;
        boundary++
      ) {
        crossing[boundary] = true;
      }
    }
  });
  return crossing;
}

function outOfRange(located: LocatedTable, what: string): ToolError {
  return new ToolError(
    'invalid_input',
    `${what} is out of range: ${describeTable(located)} has rows 0..${located.rows - 1} and columns 0..${located.columns - 1}`,
    { rows: located.rows, columns: located.columns },
  );
}

function withRows(
  table: ProseMirrorNode,
  rows: readonly ProseMirrorNode[],
): ProseMirrorNode {
  return { ...table, content: rows };
}

/** Each column's width in pixels, from the first row that sets it (the editor stores widths per cell). */
function columnWidths(
  tableRows: readonly ProseMirrorNode[],
): (number | undefined)[] {
  const widths: (number | undefined)[] = [];
  for (const row of tableRows) {
    let column = 0;
    for (const cell of cellsOf(row)) {
      const colwidth = cell.attrs?.colwidth;
      for (let offset = 0; offset < span(cell, 'colspan'); offset++, column++) {
        const width = Array.isArray(colwidth) ? colwidth[offset] : undefined;
        if (
          widths[column] === undefined &&
          typeof width === 'number' &&
          width > 0
        )
          widths[column] = width;
      }
    }
  }
  return widths;
}

/**
 * Inserts a row of plain-text cells at `index` (0..rows; `rows` appends). Fewer texts than
 * columns leave the remaining cells empty; more is an error. New cells copy each column's width.
 */
export function insertTableRow(
  located: LocatedTable,
  index: number,
  texts: readonly string[],
  takenIds: Set<string>,
): ProseMirrorNode {
  const { node: table, rows, columns } = located;
  if (!Number.isInteger(index) || index < 0 || index > rows) {
    throw new ToolError(
      'invalid_input',
      `row index ${index} is out of range: ${describeTable(located)} accepts a new row at 0..${rows} (${rows} appends)`,
      { rows, columns },
    );
  }
  if (texts.length > columns) {
    throw new ToolError(
      'invalid_input',
      `${texts.length} cells given but ${describeTable(located)} has ${columns} columns; give at most ${columns}`,
      { rows, columns },
    );
  }
  const tableRows = rowsOf(table);
  if (index > 0 && index < rows && rowSpanCrossings(table)[index]) {
    throw new ToolError(
      'invalid_input',
      `a merged cell spans rows ${index - 1} and ${index} of ${describeTable(located)}; insert elsewhere or unmerge it in the editor first`,
    );
  }
  const widths = columnWidths(tableRows);
  const cells = Array.from({ length: columns }, (_, column) => {
    const width = widths[column];
    return assignBlockIds(
      {
        type: 'tableCell',
        attrs: {
          colspan: 1,
          rowspan: 1,
          colwidth: width === undefined ? null : [width],
        },
        content: [textParagraph(texts[column] ?? '')],
      },
      takenIds,
    );
  });
  return withRows(table, [
    ...tableRows.slice(0, index),
    { type: 'tableRow', content: cells },
    ...tableRows.slice(index),
  ]);
}

/** Replaces one cell's content by a paragraph of plain text, keeping the cell's first paragraph id. */
export function updateTableCell(
  located: LocatedTable,
  row: number,
  column: number,
  text: string,
  takenIds: Set<string>,
): { table: ProseMirrorNode; previousText: string } {
  const tableRows = rowsOf(located.node);
  const cells =
    tableRows[row] === undefined ? undefined : cellsOf(tableRows[row]!);
  if (cells === undefined) throw outOfRange(located, `row ${row}`);
  const cell = cells[column];
  if (cell === undefined) {
    throw new ToolError(
      'invalid_input',
      `column ${column} is out of range: row ${row} of ${describeTable(located)} has ${cells.length} cells (columns 0..${cells.length - 1})`,
      {
        rows: located.rows,
        columns: located.columns,
        cellsInRow: cells.length,
      },
    );
  }
  const keptId = collectTextBlockIds(cell)[0];
  if (keptId !== undefined) takenIds.delete(keptId);
  const paragraph = assignBlockIds(textParagraph(text, keptId), takenIds);
  const updatedCell: ProseMirrorNode = { ...cell, content: [paragraph] };
  const updatedRow: ProseMirrorNode = {
    ...tableRows[row]!,
    content: cells.map((candidate) =>
      candidate === cell ? updatedCell : candidate,
    ),
  };
  return {
    table: withRows(
      located.node,
      tableRows.map((candidate, index) =>
        index === row ? updatedRow : candidate,
      ),
    ),
    previousText: extractText(cell),
  };
}

/** Removes one row; refuses the last row (a table cannot be empty) and rows inside merged cells. */
export function deleteTableRow(
  located: LocatedTable,
  row: number,
): { table: ProseMirrorNode; deletedTexts: string[] } {
  const tableRows = rowsOf(located.node);
  const target = tableRows[row];
  if (!Number.isInteger(row) || target === undefined)
    throw outOfRange(located, `row ${row}`);
  if (tableRows.length === 1) {
    throw new ToolError(
      'invalid_input',
      `row ${row} is the only row of ${describeTable(located)}; a table cannot be empty; ${
        located.outlineIndex === undefined
          ? // A nested table has neither an outline index nor an id of its own.
            'to remove the whole table, patchNode or deleteNode the block it is nested in'
          : `to remove the whole table use deleteNode with its outline index "#${located.outlineIndex}"`
      }`,
    );
  }
  if (
    rowSpanCrossings(located.node)[row] ||
    cellsOf(target).some((cell) => span(cell, 'rowspan') > 1)
  ) {
    throw new ToolError(
      'invalid_input',
      `row ${row} of ${describeTable(located)} is part of a merged cell; unmerge it in the editor first`,
    );
  }
  return {
    table: withRows(
      located.node,
      tableRows.filter((_, index) => index !== row),
    ),
    deletedTexts: cellsOf(target).map((cell) => extractText(cell)),
  };
}
