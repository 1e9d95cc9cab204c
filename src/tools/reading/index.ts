import type { DependentToolExecutors } from '../executor-dependencies';
import type { ReadingHeavyTasks } from '../../heavy-tasks';
import { READING_TOOLS } from './reading.tools';
import { searchPages } from './search-pages';
import { listPages } from './list-pages';
import { listSpaces } from './list-spaces';
import { getWorkspace } from './get-workspace';
import { getCurrentPage } from './get-current-page';
import { getPage } from './get-page';
import { getOutline } from './get-outline';
import { getNode } from './get-node';

export { READING_TOOLS } from './reading.tools';
export { viewOfPage } from './page-view';
export type { ReadingHeavyTasks, TableCells } from '../../heavy-tasks';

/** Reading the workspace, its spaces and pages, each as the calling user (core tier). */
export const READING_EXECUTORS: DependentToolExecutors<
  typeof READING_TOOLS,
  ReadingHeavyTasks
> = {
  searchPages,
  listPages,
  listSpaces,
  getWorkspace,
  getCurrentPage,
  getPage,
  getOutline,
  getNode,
};
