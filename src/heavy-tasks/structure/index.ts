export {
  STRUCTURE_HEAVY_TASKS,
  type StructureHeavyTasks,
} from './structure-heavy-tasks';
