export {
  requirePage,
  requireSpace,
  requireEditableSubtree,
  requireSpaceRoleToMove,
  findSpaceRole,
  memberSpaceIds,
  visiblePages,
  type AccessiblePage,
  type FindPageOptions,
  type RequireSpaceOptions,
} from './page-access';
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
