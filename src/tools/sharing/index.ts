import type { DependentToolExecutors } from '../executor-dependencies';
import { SHARING_TOOLS } from './sharing.tools';
import { sharePage } from './share-page';
import { unsharePage } from './unshare-page';
import { listShares } from './list-shares';

export { SHARING_TOOLS } from './sharing.tools';

/** Public share links of pages (deferred tier). */
export const SHARING_EXECUTORS: DependentToolExecutors<typeof SHARING_TOOLS> = {
  sharePage,
  unsharePage,
  listShares,
};
