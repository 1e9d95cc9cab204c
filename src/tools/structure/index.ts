import type { DependentToolExecutors } from '../executor-dependencies';
import type {
  BlockEditHeavyTasks,
  StructureHeavyTasks,
} from '../../heavy-tasks';
import { STRUCTURE_TOOLS } from './structure.tools';
import { updatePageJson } from './update-page-json';
import { getPageJson } from './get-page-json';
import { patchNode } from './patch-node';
import { insertNode } from './insert-node';
import { deleteNode } from './delete-node';

export { STRUCTURE_TOOLS } from './structure.tools';

/** A page's ProseMirror document read and edited node by node or whole (deferred tier). */
export const STRUCTURE_EXECUTORS: DependentToolExecutors<
  typeof STRUCTURE_TOOLS,
  BlockEditHeavyTasks & StructureHeavyTasks
> = {
  updatePageJson,
  getPageJson,
  patchNode,
  insertNode,
  deleteNode,
};
