/**
 * Docmost's document model: the ProseMirror JSON its editor stores (schema description,
 * validation, attributes, block ids, tables, text edits, diffs, fingerprints) and the Markdown
 * codec. It depends on nothing else in the package (only on its libraries): the tools,
 * collaboration and the workers build on it, never the other way round. These are the names
 * they use.
 */
export {
  documentToMarkdown,
  exportDocumentMarkdown,
  type MarkdownExport,
  MarkdownSyntaxError,
  markdownToDocument,
} from './markdown';
export { DocumentError, type DocumentErrorCode } from './document-error';
export {
  ATTACHMENT_NODE_TYPES,
  attachmentIds,
  replaceAttachmentIds,
} from './prosemirror/attachment-references';
export { blockFingerprint } from './prosemirror/block-fingerprint';
export {
  BLOCK_ID_NODE_TYPES,
  blockIdAssignments,
  ensureBlockIds,
  isBlockId,
  withBlockIds,
} from './prosemirror/block-id';
export {
  assignBlockIds,
  collectBlockIds,
  insertAtPath,
  locateBlock,
  type LocatedBlock,
  spliceAtPath,
} from './prosemirror/block-tree';
export {
  anchorComment,
  COMMENT_MARK_TYPE,
  findCommentAnchors,
  setCommentResolved,
} from './prosemirror/comment-mark';
export {
  countDocument,
  type DocumentCounts,
} from './prosemirror/document-counts';
export {
  type CountChange,
  diffDocuments,
  type DiffDocumentsOptions,
  type DocumentDiff,
  type TextChange,
} from './prosemirror/document-diff';
export { documentSize } from './prosemirror/document-size';
export {
  type EditorMarkDescription,
  type EditorNodeDescription,
  editorSchemaDescription,
  type EditorSchemaDescription,
} from './prosemirror/editor-schema-description';
export { extractText } from './prosemirror/extract-text';
export {
  findBlockById,
  isTextBlock,
  listTextBlocks,
  type LocatedNode,
  nodeAtPath,
  type NodePath,
  parseBlockReference,
  resolveBlockReference,
} from './prosemirror/find-block';
export { ATOM_PLACEHOLDER, matchableText } from './prosemirror/inline-text';
export {
  LEAF_NODE_TYPES,
  REQUIRED_PARENT_TYPES,
} from './prosemirror/node-schema';
export {
  buildOutline,
  type OutlineEntry,
  tableSize,
} from './prosemirror/outline';
export {
  asDocument,
  type ProseMirrorMark,
  type ProseMirrorNode,
  readStoredDocument,
} from './prosemirror/prosemirror-node';
export {
  type RenderDocumentOptions,
  renderDocumentText,
  type RenderedDocument,
} from './prosemirror/render-text';
export { stripMarks } from './prosemirror/strip-marks';
export {
  publicViewDocument,
  type PublicViewDocument,
} from './prosemirror/public-view';
export {
  deleteTableRow,
  insertTableRow,
  type LocatedTable,
  readTableCells,
  resolveTable,
  type TableCellView,
  type TableReference,
  updateTableCell,
} from './prosemirror/table';
export {
  findTextMatches,
  replaceText,
  type TextMatch,
} from './prosemirror/text-edit';
export {
  assertValidNode,
  findContainerIssues,
  findNodeIssues,
} from './prosemirror/validate-node';
