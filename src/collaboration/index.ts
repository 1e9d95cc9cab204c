export { CollaborationPages } from './collaboration-pages';
export {
  AGENT_ACTOR,
  isLiveVersion,
  type CollaborationPagesOptions,
} from './collaboration-pages-options';
export {
  collaborationClient,
  type AgentConnectionContext,
  type CollaborationClientOptions,
  type WebSocketConstructor,
} from './collaboration-client';
export { CollaborationUnconfirmedError } from './collaboration-unconfirmed-error';
export type {
  CollaborationConnection,
  CollaborationServer,
} from './collaboration-server';
export { blockFingerprint } from '../document';
export {
  DOCUMENT_FRAGMENT,
  fillFragment,
  fragmentToDocument,
} from './yjs-document';
export {
  liveDocumentVersion,
  liveStoredDocument,
  type LiveStoredDocument,
} from './live-blocks';
export { Y, type YDoc } from './yjs';
