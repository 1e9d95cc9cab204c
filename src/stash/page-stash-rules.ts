import { ToolError } from '../ground';
import type { Kysely } from 'kysely';
import { pageRestrictedQuery, type DB } from '../database';
import { requirePage, type PageAccessPolicy } from '../access';
import type { AuditTrail, SharingPolicy } from '../docmost-services';

/**
 * Docmost's rules a stash link lives under, from the host's bindings: in Docmost, its
 * `ShareService.isSharingAllowed`, its `PageAccessService` and its audit log.
 */
export interface PageStashRules {
  /** Whether pages of a space may be public (workspace and space sharing settings). */
  readonly sharing: SharingPolicy;
  /**
   * Who sees the page and whether a restriction applies to it; default Docmost's rules in SQL.
   * With Docmost's `PageAccessService` bound, it decides.
   */
  readonly pageAccess?: PageAccessPolicy;
  /** Where the creation and the revocation of a link are recorded. */
  readonly audit: AuditTrail;
}

/** The row a download is decided on. */
export interface StashToDecide {
  readonly workspaceId: string;
  readonly pageId: string;
  readonly creatorId: string;
}

/**
 * Whether a stash link may still serve its snapshot, decided on every download as Docmost
 * decides every view of a public share (`ShareService.resolveReadableSharePage` and
 * `isSharingAllowed`): the page is not in the trash and no restriction applies to it (nor to
 * a parent; read from the tables, as the share view reads it), and public sharing is allowed for its workspace and its space. A stash link is
 * also bound to the access it was made with, which a share is not: its creator is still an
 * active member who sees the page. `creatorIsActive` is the caller's check of the user row.
 */
export async function mayServeStash(
  db: Kysely<DB>,
  rules: Pick<PageStashRules, 'sharing' | 'pageAccess'>,
  stash: StashToDecide,
): Promise<boolean> {
  let page;
  try {
    page = await requirePage(
      db,
      {
        userId: stash.creatorId,
        workspaceId: stash.workspaceId,
        ...(rules.pageAccess === undefined
          ? {}
          : { pageAccess: rules.pageAccess }),
      },
      stash.pageId,
      { content: false },
    );
  } catch (error) {
    if (error instanceof ToolError && error.code === 'not_found') return false;
    throw error;
  }
  if (page.restricted) return false;
  // Docmost's PageAccessService answers from a permission cache (5 s in 0.94.0), which a
  // restriction made meanwhile does not clear; its share view asks the tables on every view,
  // so a download does too.
  const { rows } = await pageRestrictedQuery(page.id).execute(db);
  if (rows[0]?.restricted !== false) return false;
  return rules.sharing.isSharingAllowed(stash.workspaceId, page.spaceId);
}
