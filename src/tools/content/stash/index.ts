/** stashPage: a page's snapshot stored for a download link. */
export {
  stashPage,
  type StashPageResult,
  type StashPageTool,
} from './stash-page';
