export { writePage, mutatePage, type PageChange, type WrittenPage, type MutatePageResult } from './write-page';
export { pageVersionConflict } from './page-version-conflict';
export { findUnstorableText, refuseUnstorableText, type UnstorableText } from './storable-text';
