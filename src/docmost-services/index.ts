export type {
  CommentAccess,
  CommentCreation,
  CommentWrites,
  CreatedPageReference,
  DocmostServices,
  PageWrites,
  ServiceCaller,
  ShareWrites,
  SharingPolicy,
  YjsRelativePosition,
  YjsSelection,
} from './docmost-services';
export type {
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
