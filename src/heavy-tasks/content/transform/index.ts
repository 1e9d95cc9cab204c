/**
 * A transform script's run on a document, as a worker runs it: the script in the sandbox, its
 * result checked, and the blocks it changed.
 */
export { compareBlocks, type BlockChanges } from './block-changes';
export { transformDocument } from './transform-document';
