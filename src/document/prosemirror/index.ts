/**
 * The ProseMirror JSON Docmost's editor stores: its schema, validation, attributes, block ids,
 * tables, text edits, diffs and fingerprints. The Markdown codec beside it and the document's
 * index take these names from here.
 */
export {
  ATTACHMENT_NODE_TYPES,
  attachmentIds,
  replaceAttachmentIds,
} from './attachment-references';
export { blockFingerprint } from './block-fingerprint';
export {
  BLOCK_ID_NODE_TYPES,
  blockIdAssignments,
  ensureBlockIds,
  isBlockId,
  withBlockIds,
} from './block-id';
export { blockIdNames } from './block-id-abbreviation';
export {
  assignBlockIds,
  collectBlockIds,
  insertAtPath,
  locateBlock,
  type LocatedBlock,
  spliceAtPath,
} from './block-tree';
export {
  anchorComment,
  COMMENT_MARK_TYPE,
  findCommentAnchors,
  setCommentResolved,
} from './comment-mark';
export { countDocument, type DocumentCounts } from './document-counts';
export {
  type CountChange,
  diffDocuments,
  type DiffDocumentsOptions,
  type DocumentDiff,
  type TextChange,
} from './document-diff';
export { documentSize } from './document-size';
export {
  type EditorMarkDescription,
  type EditorNodeDescription,
  editorSchemaDescription,
  type EditorSchemaDescription,
} from './editor-schema-description';
export { extractText } from './extract-text';
export {
  findBlockById,
  isTextBlock,
  listTextBlocks,
  type LocatedNode,
  nodeAtPath,
  type NodePath,
  parseBlockReference,
  resolveBlockReference,
} from './find-block';
export { ATOM_PLACEHOLDER, matchableText } from './inline-text';
export { LEAF_NODE_TYPES, REQUIRED_PARENT_TYPES } from './node-schema';
export { buildOutline, type OutlineEntry, tableSize } from './outline';
export {
  asDocument,
  type ProseMirrorMark,
  type ProseMirrorNode,
  readStoredDocument,
} from './prosemirror-node';
export {
  type RenderDocumentOptions,
  renderDocumentText,
  type RenderedDocument,
} from './render-text';
export { stripMarks } from './strip-marks';
export { publicViewDocument, type PublicViewDocument } from './public-view';
export {
  deleteTableRow,
  insertTableRow,
  type LocatedTable,
  readTableCells,
  resolveTable,
  type TableCellView,
  type TableReference,
  updateTableCell,
} from './table';
export { findTextMatches, replaceText, type TextMatch } from './text-edit';
export {
  assertValidNode,
  findContainerIssues,
  findNodeIssues,
} from './validate-node';
