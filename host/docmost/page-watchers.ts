import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src';
import type { DocmostEffects } from './docmost-effects';

/**
 * Docmost's `ADD_PAGE_WATCHERS` job, queued by its comment and page services: the person who
 * commented on, created or changed a page watches it (a `watchers` row, once). Run in place here:
 * the reference host has no queue.
 */
export async function addPageWatcher(
  db: Kysely<DB>,
  effects: DocmostEffects,
  watcher: {
    readonly userId: string;
    readonly pageId: string;
    readonly spaceId: string;
    readonly workspaceId: string;
  },
): Promise<void> {
  effects.record({
    kind: 'queue',
    name: 'ADD_PAGE_WATCHERS',
    pageId: watcher.pageId,
    spaceId: watcher.spaceId,
    userId: watcher.userId,
  });
  await sql`
    insert into watchers (user_id, page_id, space_id, workspace_id, type, added_by_id)
    values (${watcher.userId}, ${watcher.pageId}, ${watcher.spaceId}, ${watcher.workspaceId}, 'page', ${watcher.userId})
    on conflict (user_id, page_id) where page_id is not null do nothing`.execute(
    db,
  );
}
