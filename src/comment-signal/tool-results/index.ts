/** What a tool call's input and result tell the signal: the pages they name, the comments they read. */
export {
  asCheckedRange,
  CHECKS_NEW_COMMENTS,
  isCompleteListing,
  LISTS_PAGE_COMMENTS,
  type CheckedRange,
} from './comment-reading-results';
export {
  findResultPageReferences,
  pageIdsInInput,
  resultCanNamePages,
  type ResultPageReferences,
  type ResultScanOptions,
} from './page-references';
