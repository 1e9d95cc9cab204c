import { HISTORY_TOOLS } from '../../definitions/history.tools';
import { PAGE_MANAGEMENT_TOOLS } from '../../definitions/page-management.tools';
import { SHARING_TOOLS } from '../../definitions/sharing.tools';
import { STRUCTURE_TOOLS } from '../../definitions/structure.tools';
import { TABLE_TOOLS } from '../../definitions/tables.tools';
import { checkNewComments } from './comments/check-new-comments';
import { diffPageVersions } from './history/diff-page-versions';
import { getPageHistory } from './history/get-page-history';
import { listPageHistory } from './history/list-page-history';
import { restorePageVersion } from './history/restore-page-version';
import { copyPageContent } from './pages/copy-page-content';
import { deletePage } from './pages/delete-page';
import { listSidebarPages } from './pages/list-sidebar-pages';
import { movePage } from './pages/move-page';
import { renamePage } from './pages/rename-page';
import { listShares } from './sharing/list-shares';
import { sharePage } from './sharing/share-page';
import { unsharePage } from './sharing/unshare-page';
import { deleteNode } from './structure/delete-node';
import { getPageJson } from './structure/get-page-json';
import { insertNode } from './structure/insert-node';
import { patchNode } from './structure/patch-node';
import { updatePageJson } from './structure/update-page-json';
import { getTable } from './tables/get-table';
import { tableDeleteRow } from './tables/table-delete-row';
import { tableInsertRow } from './tables/table-insert-row';
import { tableUpdateCell } from './tables/table-update-cell';
import type { DependentToolExecutors } from '../executor-dependencies';

/** The 22 deferred-tier specs these executors bind (structure, tables, pages, history, sharing). */
export const DEFERRED_EXECUTOR_SPECS = [
  ...STRUCTURE_TOOLS,
  ...TABLE_TOOLS,
  ...PAGE_MANAGEMENT_TOOLS,
  ...HISTORY_TOOLS,
  ...SHARING_TOOLS,
] as const;

/**
 * Executors of the 22 structural, table, page, history and sharing tools over Docmost's
 * PostgreSQL schema. Every content write goes through the dependencies' page writer.
 */
export const DEFERRED_EXECUTORS: DependentToolExecutors<
  typeof DEFERRED_EXECUTOR_SPECS
> = {
  updatePageJson,
  getPageJson,
  patchNode,
  insertNode,
  deleteNode,
  getTable,
  tableInsertRow,
  tableUpdateCell,
  tableDeleteRow,
  renamePage,
  movePage,
  deletePage,
  copyPageContent,
  listSidebarPages,
  getPageHistory,
  listPageHistory,
  diffPageVersions,
  restorePageVersion,
  sharePage,
  unsharePage,
  listShares,
  checkNewComments,
};
