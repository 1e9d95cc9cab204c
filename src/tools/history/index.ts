import type { DependentToolExecutors } from '../executor-dependencies';
import type { HistoryHeavyTasks } from '../../heavy-tasks';
import { HISTORY_TOOLS } from './history.tools';
import { getPageHistory } from './get-page-history';
import { listPageHistory } from './list-page-history';
import { diffPageVersions } from './diff-page-versions';
import { restorePageVersion } from './restore-page-version';

export { HISTORY_TOOLS } from './history.tools';

/** A page's saved versions: listing, reading, diffing and restoring them (deferred tier). */
export const HISTORY_EXECUTORS: DependentToolExecutors<
  typeof HISTORY_TOOLS,
  HistoryHeavyTasks
> = {
  getPageHistory,
  listPageHistory,
  diffPageVersions,
  restorePageVersion,
};
