import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src';
import type { HostPage, HostUser } from './host-repos';

/** Space roles that may change pages (Docmost's space ability: `Manage` on pages). */
const EDITING_ROLES: readonly string[] = ['admin', 'writer'];

/** The restrictions on a page's ancestor chain, nearest first, as they concern one person. */
interface RestrictionOnChain {
  /** The restriction grants the person a permission row (directly or through a group). */
  readonly granted: boolean;
  /** That grant has role `writer`. */
  readonly writer: boolean;
}

/**
 * The reference host's `PageAccessService`, with Docmost's method shapes and its rules, kept
 * apart from the package's own SQL policy so that a test can hold the two side by side:
 *
 * - a person outside the page's space is refused with `NotFoundException`, as Docmost's space
 *   ability factory does ("Space permissions not found");
 * - a page with restrictions on its ancestor chain (itself included) is seen only by whoever
 *   every restriction grants, and edited by whoever the nearest one grants role `writer`;
 * - a page without restrictions is seen by every member and edited by space writers and admins;
 * - commenting: whoever may edit, or whoever may see where the space's
 *   `settings.comments.allowViewerComments` is true.
 *
 * Refusals are Nest's `ForbiddenException`, as Docmost's are.
 */
export class HostPageAccessService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The person's strongest role in a space (directly or through a group), or undefined. */
  async spaceRole(
    userId: string,
    workspaceId: string,
    spaceId: string,
  ): Promise<string | undefined> {
    const { rows } = await sql<{ role: string }>`
      select space_members.role from space_members
      join spaces on spaces.id = space_members.space_id
      where space_members.space_id = ${spaceId} and spaces.workspace_id = ${workspaceId}
        and space_members.deleted_at is null and spaces.deleted_at is null
        and (space_members.user_id = ${userId}
          or space_members.group_id in (select group_id from group_users where user_id = ${userId}))`.execute(
      this.db,
    );
    const roles = rows.map((row) => row.role);
    return ['admin', 'writer', 'reader'].find((role) => roles.includes(role));
  }

  async validateCanView(page: HostPage, user: HostUser): Promise<void> {
    await this.validateCanViewWithPermissions(page, user);
  }

  async validateCanViewWithPermissions(
    page: HostPage,
    user: HostUser,
  ): Promise<{ canEdit: boolean; hasRestriction: boolean }> {
    const role = await this.memberRole(page, user);
    const restrictions = await this.restrictionsOnChain(page.id, user.id);
    if (restrictions.length === 0)
      return { canEdit: EDITING_ROLES.includes(role), hasRestriction: false };
    if (!restrictions.every((restriction) => restriction.granted))
      throw new ForbiddenException();
    return { canEdit: restrictions[0]!.writer, hasRestriction: true };
  }

  async validateCanEdit(
    page: HostPage,
    user: HostUser,
  ): Promise<{ hasRestriction: boolean }> {
    const { canEdit, hasRestriction } =
      await this.validateCanViewWithPermissions(page, user);
    if (!canEdit) throw new ForbiddenException();
    return { hasRestriction };
  }

  async validateCanComment(
    page: HostPage,
    user: HostUser,
    workspaceId: string,
  ): Promise<void> {
    const { canEdit } = await this.validateCanViewWithPermissions(page, user);
    if (canEdit) return;
    const space = await this.db
      .selectFrom('spaces')
      .select('settings')
      .where('id', '=', page.spaceId)
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirst();
    const settings = space?.settings as {
      comments?: { allowViewerComments?: unknown };
    } | null;
    if (settings?.comments?.allowViewerComments !== true)
      throw new ForbiddenException();
  }

  private async memberRole(page: HostPage, user: HostUser): Promise<string> {
    const role = await this.spaceRole(user.id, user.workspaceId, page.spaceId);
    if (!role) throw new NotFoundException('Space permissions not found');
    return role;
  }

  /** Walks up from the page (a depth bound stops a cycle in the data). */
  private async restrictionsOnChain(
    pageId: string,
    userId: string,
  ): Promise<readonly RestrictionOnChain[]> {
    const { rows } = await sql<RestrictionOnChain>`
      with recursive chain (id, parent_page_id, depth) as (
        select id, parent_page_id, 0 from pages where id = ${pageId}
        union all
        select parent.id, parent.parent_page_id, chain.depth + 1
        from pages parent join chain on parent.id = chain.parent_page_id
        where chain.depth < 10000
      ),
      grants as (
        select page_access_id, role from page_permissions
        where user_id = ${userId}
          or group_id in (select group_id from group_users where user_id = ${userId})
      )
      select
        exists (select 1 from grants where grants.page_access_id = restriction.id) as granted,
        exists (select 1 from grants where grants.page_access_id = restriction.id and grants.role = 'writer') as writer
      from chain join page_access restriction on restriction.page_id = chain.id
      order by chain.depth`.execute(this.db);
    return rows;
  }
}
