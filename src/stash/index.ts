export { PageStashModule } from './page-stash.module';
export { PageStashController, STASH_ROUTE_PATH } from './page-stash.controller';
export { PageStashAdminController } from './page-stash-admin.controller';
export {
  PageStashService,
  type CreatePageStash,
  type CreatedPageStash,
  type OpenedPageStash,
  type PageStashList,
} from './page-stash.service';
export {
  PageStashRepository,
  type ListedPageStash,
  type NewPageStash,
  type StoredPageStash,
} from './page-stash.repository';
export {
  mayServeStash,
  type PageStashRules,
  type StashToDecide,
} from './page-stash-rules';
export {
  DEFAULT_PAGE_STASH_OPTIONS,
  MAX_STASH_MINUTES,
  type PageStashOptions,
} from './page-stash-options';
export {
  STASH_FORMATS,
  isStashFormat,
  stashContentType,
  stashFileName,
  contentDisposition,
  type StashFormat,
} from './stash-format';
export { generateStashKey, hashStashKey, isStashKey } from './stash-key';
export { StashLimitExceededError } from './stash-limit-exceeded-error';
export type { PageStashTables, PageStashesTable } from './page-stash-table';
export { stashUrl } from './stash-url';
