import type { DocmostServices } from '../docmost-services';
import type { PageStore } from '../../page-store';
import { databaseCommentAccess } from './database-comment-access';
import { databaseCommentWrites } from './database-comment-writes';
import { databasePageWrites } from './database-page-writes';
import {
  databaseShareWrites,
  databaseSharingPolicy,
} from './database-share-writes';

/**
 * The package's own writes on Docmost's tables: what runs when a host binds no service. The
 * rows are Docmost's, but none of Docmost's side effects happen (no websocket event, watcher,
 * notification, page event): a host that has Docmost's services binds them instead.
 */
export function databaseServices(store: PageStore): DocmostServices {
  return {
    comments: databaseCommentWrites(store),
    pages: databasePageWrites(store),
    shares: databaseShareWrites(store.db),
    // The files are in the host's storage, which the package has no access to without one.
    attachments: { copy: async () => new Map() },
    sharing: databaseSharingPolicy(store.db),
    commentAccess: databaseCommentAccess(store.db),
    // Docmost's audit log is its own (an enterprise feature): without its service, none.
    audit: { record: async () => undefined },
  };
}
