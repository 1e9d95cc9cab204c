import {
  mutatePage,
  type PageMutation,
  type PageStore,
  type WrittenPage,
} from '../page-store';
import { collectBlockIds, spliceAtPath } from '../prosemirror/block-tree';
import { tableSize } from '../prosemirror/outline';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import {
  resolveTable,
  type LocatedTable,
  type TableReference,
} from '../prosemirror/table';

export interface EditedTable {
  readonly page: WrittenPage;
  readonly rows: number;
  readonly columns: number;
}

/**
 * Read-modify-write of one table: `edit` gets the located table and the page's block ids (for
 * fresh cell paragraph ids) and returns the new table node, or throws a `ToolError`.
 */
export async function editTable(
  store: PageStore,
  mutation: PageMutation,
  reference: TableReference,
  edit: (table: LocatedTable, takenIds: Set<string>) => ProseMirrorNode,
): Promise<EditedTable> {
  let size = { rows: 0, cols: 0 };
  const { after } = await mutatePage(store, mutation, (doc) => {
    const table = resolveTable(doc, reference);
    const updated = edit(table, new Set(collectBlockIds(doc)));
    size = tableSize(updated);
    return spliceAtPath(doc, table.path, [updated]);
  });
  return { page: after, rows: size.rows, columns: size.cols };
}
