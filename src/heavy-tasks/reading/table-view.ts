import {
  blockIdNames,
  readStoredDocument,
  type ProseMirrorNode,
  readTableCells,
  resolveTable,
  type TableCellView,
  type TableReference,
} from '../../document';

/** getTable's view of one table of a document. */
export interface TableCells {
  readonly tableIndex: number;
  /** `#<n>` of getOutline; null for a table nested in another block. */
  readonly outlineIndex: number | null;
  readonly rows: number;
  readonly columns: number;
  readonly cells: readonly (readonly TableCellView[])[];
}

/**
 * One table's cells, a pure function of the document (or its JSON text): on the calling thread
 * for an ordinary page, in a worker for a large one (see reading/document-views.ts).
 */
export function tableView(input: {
  readonly document: ProseMirrorNode | string;
  readonly table: TableReference;
}): TableCells {
  const doc = readStoredDocument(input.document);
  const table = resolveTable(doc, input.table);
  return {
    tableIndex: table.tableIndex,
    outlineIndex: table.outlineIndex ?? null,
    rows: table.rows,
    columns: table.columns,
    cells: readTableCells(table.node, blockIdNames(doc)),
  };
}
