export {
  writePage,
  mutatePage,
  readPage,
  readPageOfRow,
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
