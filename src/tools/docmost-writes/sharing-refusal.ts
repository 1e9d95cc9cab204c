import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { SharingPolicy } from '../../docmost-services';
import { ToolError } from '../../registry/tool-error';
import { sharingDisabledBy } from './database-share-writes';

/**
 * Refuses to make a page public (a share link, a stash link) where Docmost's sharing rule says
 * no, naming the setting that says so: `workspaces.settings.sharing.disabled` (the workspace's
 * security settings) or `spaces.settings.sharing.disabled` (the space's settings).
 */
export async function requireSharingAllowed(
  { db, sharing }: { readonly db: Kysely<DB>; readonly sharing: SharingPolicy },
  page: { readonly workspaceId: string; readonly spaceId: string },
  outcome: string,
): Promise<void> {
  if (await sharing.isSharingAllowed(page.workspaceId, page.spaceId)) return;
  // The decision is the policy's; which setting made it is read here, to name it.
  const by = await sharingDisabledBy(db, page.workspaceId, page.spaceId);
  const setting =
    by === 'space'
      ? `public sharing is disabled for this space (spaces.settings.sharing.disabled, in the space's settings; a space admin can turn it back on)`
      : by === 'workspace'
        ? `public sharing is disabled for this workspace (workspaces.settings.sharing.disabled, in the workspace's security settings; a workspace admin can turn it back on)`
        : `public sharing is disabled for this page's space (workspaces.settings.sharing.disabled or spaces.settings.sharing.disabled)`;
  throw new ToolError(
    'forbidden',
    `${setting}; ${outcome}. Tell the user; do not look for another way to publish the page.`,
    {
      setting:
        by === null ? 'sharing.disabled' : `${by}s.settings.sharing.disabled`,
    },
  );
}
