export { HostCollaboration, COLLABORATION_PATH } from './host-collaboration';
export {
  CollaborationGateway,
  HOST_COLLABORATION,
} from './collaboration.gateway';
export { documentNameOfPage, pageIdOfDocument } from './document-name';
