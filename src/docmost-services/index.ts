export type {
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
  DocmostAuditServiceShape,
  DocmostCommentRepoShape,
  DocmostCommentServiceShape,
  DocmostCommentShape,
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
} from './docmost-service-shapes';
export { docmostServices } from './bind-docmost-services';
export { DOCMOST_SERVICES } from './docmost-services.token';
export {
  allowsViewerComments,
  databaseServices,
  refuseRestrictedPage,
  requireSharingAllowed,
  serviceCaller,
} from './database';
