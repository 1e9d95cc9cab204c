import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { ToolExecutorMap } from '../../../registry/tool-spec';
import { HISTORY_TOOLS } from '../../definitions/history.tools';
import { PAGE_MANAGEMENT_TOOLS } from '../../definitions/page-management.tools';
import { SHARING_TOOLS } from '../../definitions/sharing.tools';
import { STRUCTURE_TOOLS } from '../../definitions/structure.tools';
import { TABLE_TOOLS } from '../../definitions/tables.tools';
import { checkNewComments } from './comments/check-new-comments';
import { sharedHeavyWorkPool } from '../../../workers';
import {
  DEFAULT_PUBLIC_BASE_URL,
  type DeferredExecutorOptions,
} from './deferred-executor-options';
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

export type { DeferredExecutorOptions } from './deferred-executor-options';

/** The 22 deferred-tier specs these executors bind (structure, tables, pages, history, sharing). */
export const DEFERRED_EXECUTOR_SPECS = [
  ...STRUCTURE_TOOLS,
  ...TABLE_TOOLS,
  ...PAGE_MANAGEMENT_TOOLS,
  ...HISTORY_TOOLS,
  ...SHARING_TOOLS,
] as const;

export type DeferredExecutors = Required<
  ToolExecutorMap<typeof DEFERRED_EXECUTOR_SPECS>
>;

/**
 * Executors of the 22 structural, table, page, history and sharing tools over Docmost's
 * PostgreSQL schema. They write `pages.content` directly (compare-and-set, history row,
 * `text_content`, `ydoc` cleared): right for a standalone install and for pages nobody has open.
 * On a live Docmost, a host replaces the writing entries with executors that go through the
 * collaboration server, e.g. `{ ...createDeferredExecutors(db), patchNode: viaCollab.patchNode }`.
 */
export function createDeferredExecutors(
  db: Kysely<DB>,
  options: DeferredExecutorOptions = {},
): DeferredExecutors {
  const publicBaseUrl = options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL;
  const heavyWork = options.heavyWork ?? sharedHeavyWorkPool();
  return {
    updatePageJson: (input, context) => updatePageJson(db, input, context),
    getPageJson: (input, context) => getPageJson(db, input, context),
    patchNode: (input, context) => patchNode(db, input, context),
    insertNode: (input, context) => insertNode(db, input, context),
    deleteNode: (input, context) => deleteNode(db, input, context),
    getTable: (input, context) => getTable(db, input, context),
    tableInsertRow: (input, context) => tableInsertRow(db, input, context),
    tableUpdateCell: (input, context) => tableUpdateCell(db, input, context),
    tableDeleteRow: (input, context) => tableDeleteRow(db, input, context),
    renamePage: (input, context) => renamePage(db, input, context),
    movePage: (input, context) => movePage(db, input, context),
    deletePage: (input, context) => deletePage(db, input, context),
    copyPageContent: (input, context) => copyPageContent(db, input, context),
    listSidebarPages: (input, context) => listSidebarPages(db, input, context),
    getPageHistory: (input, context) => getPageHistory(db, input, context),
    listPageHistory: (input, context) => listPageHistory(db, input, context),
    diffPageVersions: (input, context) =>
      diffPageVersions(db, input, context, heavyWork),
    restorePageVersion: (input, context) =>
      restorePageVersion(db, input, context),
    sharePage: (input, context) => sharePage(db, input, context, publicBaseUrl),
    unsharePage: (input, context) =>
      unsharePage(db, input, context, publicBaseUrl),
    listShares: (input, context) =>
      listShares(db, input, context, publicBaseUrl),
    checkNewComments: (input, context) => checkNewComments(db, input, context),
  };
}
