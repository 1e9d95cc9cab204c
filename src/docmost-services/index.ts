export type {
  AttachmentCopies,
  AuditCaller,
  AuditTrail,
  CommentAccess,
  CommentCreation,
  CommentWrites,
  CreatedPageReference,
  DocmostServices,
  PageAccess,
  PageAccessDecision,
  PageWrites,
  ServiceCaller,
  ShareWrites,
  SharingPolicy,
  YjsRelativePosition,
  YjsSelection,
} from './docmost-services';
export type {
  DocmostAuditContext,
  DocmostAuditEvent,
  DocmostAuditPayload,
} from './docmost-audit-payload';
export type {
  DocmostAttachmentRepoShape,
  DocmostAttachmentShape,
  DocmostStorageServiceShape,
  DocmostAuditServiceShape,
  DocmostCommentRepoShape,
  DocmostCommentServiceShape,
  DocmostCommentShape,
  DocmostEnvironmentServiceShape,
  DocmostPageAccessServiceShape,
  DocmostPageRepoShape,
  DocmostPageServiceShape,
  DocmostPageShape,
  DocmostProvenance,
  DocmostServiceInstances,
  DocmostShareRepoShape,
  DocmostShareServiceShape,
  DocmostUserRepoShape,
  DocmostUserShape,
  DocmostWsServiceShape,
} from './docmost-service-shapes';
export { docmostServices } from './bind-docmost-services';
export { DOCMOST_SERVICES } from './docmost-services.token';
export {
  CHECKED_DOCMOST_VERSIONS,
  docmostVersionNotice,
} from './docmost-version';
export {
  allowsViewerComments,
  databaseServices,
  refuseRestrictedPage,
  requireSharingAllowed,
  serviceCaller,
} from './database';
