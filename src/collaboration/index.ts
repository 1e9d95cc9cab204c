export {
  CollaborationPages,
  isLiveVersion,
  type CollaborationPagesOptions,
} from './collaboration-pages';
export type {
  CollaborationConnection,
  CollaborationServer,
} from './collaboration-server';
export {
  DOCUMENT_FRAGMENT,
  documentToYDoc,
  fillFragment,
  fragmentToDocument,
} from './yjs-document';
