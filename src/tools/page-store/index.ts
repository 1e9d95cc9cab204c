export {
  writePage,
  mutatePage,
  type PageChange,
  type WrittenPage,
  type MutatePageResult,
} from './write-page';
export { pageVersionConflict } from './page-version-conflict';
export {
  findUnstorableText,
  refuseUnstorableText,
  type UnstorableText,
} from './storable-text';
export {
  AGENT_SOURCE,
  agentChatId,
  agentPageEdit,
  contributorIdsWith,
  type ProvenanceContext,
} from './agent-provenance';
