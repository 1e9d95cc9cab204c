export {
  requirePage,
  requireSpace,
  findSpaceRole,
  memberSpaceIds,
  isUuid,
  type AccessiblePage,
  type FindPageOptions,
  type RequireSpaceOptions,
} from './page-access';
