import type { DependentToolExecutors } from '../executor-dependencies';
import { PAGE_MANAGEMENT_TOOLS } from './page-management.tools';
import { renamePage } from './rename-page';
import { movePage } from './move-page';
import { deletePage } from './delete-page';
import { copyPageContent } from './copy-page-content';
import { listSidebarPages } from './list-sidebar-pages';

export { PAGE_MANAGEMENT_TOOLS } from './page-management.tools';

/** Renaming, moving, deleting and copying pages, and the sidebar tree (deferred tier). */
export const PAGE_MANAGEMENT_EXECUTORS: DependentToolExecutors<
  typeof PAGE_MANAGEMENT_TOOLS
> = {
  renamePage,
  movePage,
  deletePage,
  copyPageContent,
  listSidebarPages,
};
