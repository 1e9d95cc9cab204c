import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import type { SharingPolicy } from '../docmost-services';
import { ToolError } from '../../registry/tool-error';
import { quoteTitle } from '../../page-store/quote-title';
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

/**
 * Refuses to make a restricted page public (a page with page-level permissions on it or on a
 * parent), as Docmost's share route does ("Cannot share a restricted page"): a public link would
 * show it to everyone its restriction keeps out.
 */
export function refuseRestrictedPage(
  page: {
    readonly id: string;
    readonly title: string | null;
    readonly restricted: boolean;
  },
  outcome: string,
): void {
  if (!page.restricted) return;
  throw new ToolError(
    'forbidden',
    `page ${quoteTitle(page.title)} (${page.id}) is restricted (page-level permissions on it or a parent page), and Docmost does not make restricted pages public; ${outcome}. Tell the user; do not look for another way to publish the page.`,
  );
}
