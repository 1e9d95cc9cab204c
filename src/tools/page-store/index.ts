export { writePage, mutatePage, type PageChange, type WrittenPage, type MutatePageResult } from './write-page';
export { pageVersionConflict } from './page-version-conflict';
export { containsNulCharacter, refuseNulCharacter } from './storable-text';
