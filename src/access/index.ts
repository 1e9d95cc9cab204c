export {
  PAGE_NOT_FOUND,
  requirePage,
  requireEditableSubtree,
  requireSpaceRoleToMove,
  visiblePages,
  type AccessiblePage,
  type FindPageOptions,
} from './page-access';
export {
  findSpaceRole,
  memberSpaceIds,
  requireSpace,
  type RequireSpaceOptions,
} from './space-access';
export {
  DOCMOST_PAGE_ACCESS,
  pageAccessOf,
  type AccessCaller,
  type PageAccessPolicy,
  type PagePermission,
  type PagePermissionCaller,
  type PageColumns,
  type PageVisibilityCondition,
} from './page-access-policy';
export { bindPageAccess } from './bind-page-access';
