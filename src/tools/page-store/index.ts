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
