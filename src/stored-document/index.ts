export {
  checkedStoredDocument,
  hasStoredDocument,
  receiveDocument,
  rememberedBlockFingerprints,
  rememberStoredDocument,
  storedDocumentOf,
  storedDocumentOfJson,
  transferDocument,
  transferStoredJson,
  type StoredDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from './stored-document';
export {
  findUnstorableText,
  refuseUnstorableText,
  storableCopy,
  type UnstorableText,
} from './storable-text';
export {
  STORED_DOCUMENT_HEAVY_TASKS,
  type StoredDocumentHeavyTasks,
  type StoredDocumentHeavyWork,
} from './stored-document-heavy-tasks';
