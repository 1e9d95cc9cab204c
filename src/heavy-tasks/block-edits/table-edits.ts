import {
  collectBlockIds,
  spliceAtPath,
  tableSize,
  type ProseMirrorNode,
  deleteTableRow,
  insertTableRow,
  resolveTable,
  updateTableCell,
  type LocatedTable,
  type TableReference,
} from '../../document';

/** One change of a table tool, as data (see `BlockEdit`). */
export type TableEdit =
  | {
      readonly kind: 'tableInsertRow';
      readonly table: TableReference;
      /** Where the row goes (0..rows); absent: appended. */
      readonly index?: number;
      readonly cells: readonly string[];
    }
  | {
      readonly kind: 'tableDeleteRow';
      readonly table: TableReference;
      readonly row: number;
    }
  | {
      readonly kind: 'tableUpdateCell';
      readonly table: TableReference;
      readonly row: number;
      readonly column: number;
      readonly text: string;
    };

/** What each kind of table change reports. */
type TableEditDetail =
  | { readonly kind: 'tableInsertRow'; readonly row: number }
  | {
      readonly kind: 'tableDeleteRow';
      readonly deletedCells: readonly string[];
    }
  | { readonly kind: 'tableUpdateCell'; readonly previousText: string };

/** What a table change reports, with the table's size after it. */
export type TableEditReport = TableEditDetail & {
  readonly rows: number;
  readonly columns: number;
};

/** Makes one table change in `doc`, or throws the ToolError the model reads. */
export function applyTableEdit(
  doc: ProseMirrorNode,
  edit: TableEdit,
): { readonly updated: ProseMirrorNode; readonly report: TableEditReport } {
  const located = resolveTable(doc, edit.table);
  const { table, report } = editLocated(located, edit, doc);
  const size = tableSize(table);
  return {
    updated: spliceAtPath(doc, located.path, [table]),
    report: { ...report, rows: size.rows, columns: size.cols },
  };
}

function editLocated(
  located: LocatedTable,
  edit: TableEdit,
  doc: ProseMirrorNode,
): { readonly table: ProseMirrorNode; readonly report: TableEditDetail } {
  // Fresh cell paragraphs get ids no block of the page has.
  const takenIds = () => new Set(collectBlockIds(doc));
  switch (edit.kind) {
    case 'tableInsertRow': {
      const row = edit.index ?? located.rows;
      return {
        table: insertTableRow(located, row, edit.cells, takenIds()),
        report: { kind: edit.kind, row },
      };
    }
    case 'tableDeleteRow': {
      const result = deleteTableRow(located, edit.row);
      return {
        table: result.table,
        report: { kind: edit.kind, deletedCells: result.deletedTexts },
      };
    }
    case 'tableUpdateCell': {
      const result = updateTableCell(
        located,
        edit.row,
        edit.column,
        edit.text,
        takenIds(),
      );
      return {
        table: result.table,
        report: { kind: edit.kind, previousText: result.previousText },
      };
    }
  }
}
