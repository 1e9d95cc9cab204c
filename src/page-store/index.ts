export {
  writePage,
  mutatePage,
  readPage,
  storedFormFor,
  type PageStore,
  type PageMutation,
  type MutatePageResult,
} from './write-page';
export type {
  CreatedPage,
  NewPage,
  PageChange,
  PageCreation,
  PageUpdate,
  PageVersion,
  PageWriter,
  WrittenPage,
} from './page-writer';
export { databasePageWriter, addPageHistoryRow } from './database-page-writer';
export { pageVersionConflict } from './page-version-conflict';
export {
  findUnstorableText,
  refuseUnstorableText,
  storableCopy,
  type UnstorableText,
} from './storable-text';
export {
  AGENT_SOURCE,
  agentChatId,
  agentPageEdit,
  contributorIdsWith,
  type ProvenanceContext,
} from './agent-provenance';
export type {
  LiveCommentSelection,
  LivePageReader,
  LivePageContent,
  LocatedSelection,
} from './live-page-reader';
export { rememberedBlockFingerprints } from './stored-document';
export {
  PAGE_STORE_HEAVY_TASKS,
  type PageStoreHeavyTasks,
  type PageStoreHeavyWork,
} from './page-store-heavy-tasks';
export {
  requireComment,
  type AccessibleComment,
  type RequireCommentOptions,
} from './require-comment';
export { ancestorChain, descendantPageIds, lockSpaceTree } from './page-tree';
export { generateKeyBetween, isValidOrderKey } from './fractional-index';
export { generateSlugId } from './slug-id';
export { quoteTitle } from './quote-title';
export type { YjsRelativePosition, YjsSelection } from './yjs-selection';
