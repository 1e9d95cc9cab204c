/** What a tool call's input and result tell the signal: the pages they name, the comments they read. */
export {
  asCheckedRange,
  isCompleteListing,
  type CheckedRange,
} from './comment-reading-results';
export {
  findResultPageReferences,
  pageIdsInInput,
  type ResultPageReferences,
  type ResultScanOptions,
} from './page-references';
