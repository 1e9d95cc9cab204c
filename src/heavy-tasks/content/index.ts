export {
  CONTENT_HEAVY_TASKS,
  type ContentHeavyTasks,
} from './content-heavy-tasks';
export { type MarkdownDocument } from './read-markdown-document';
export type { BlockChanges } from './transform';
