/** The signal's database source: counts of new comments and pages in a space, from Docmost's tables. */
export {
  openCommentCountDatabase,
  type CommentCountConnection,
} from './comment-count-database';
export {
  createDatabaseCommentSource,
  type DatabaseCommentSourceOptions,
} from './database-comment-source';
