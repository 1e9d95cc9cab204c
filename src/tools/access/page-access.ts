import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB, Page } from '../../database';
import { abbreviate } from '../../registry/abbreviate';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';

/** Space roles that may change pages; readers may only read. */
const WRITER_ROLES = ['admin', 'writer'] as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A page as executors load it, with `version`: its `updated_at` as exact text for compare-and-set. */
export type AccessiblePage = Page & { readonly version: string; readonly spaceRole: string };

/**
 * The ids of spaces the caller belongs to in the caller's workspace, directly or through a
 * group. Every executor goes through this: the agent never sees more than its user.
 */
export function memberSpaceIds(db: Kysely<DB>, context: Pick<ToolCallContext, 'userId' | 'workspaceId'>) {
  return db
    .selectFrom('spaceMembers')
    .innerJoin('spaces', 'spaces.id', 'spaceMembers.spaceId')
    .select('spaceMembers.spaceId')
    .where('spaces.workspaceId', '=', context.workspaceId)
    .where('spaces.deletedAt', 'is', null)
    .where('spaceMembers.deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('spaceMembers.userId', '=', context.userId),
        eb(
          'spaceMembers.groupId',
          'in',
          eb.selectFrom('groupUsers').select('groupUsers.groupId').where('groupUsers.userId', '=', context.userId),
        ),
      ]),
    );
}

/** The caller's strongest role in a space, or undefined when not a member. */
export async function findSpaceRole(
  db: Kysely<DB>,
  context: Pick<ToolCallContext, 'userId' | 'workspaceId'>,
  spaceId: string,
): Promise<string | undefined> {
  if (!isUuid(spaceId)) return undefined;
  const rows = await memberSpaceIds(db, context).select('spaceMembers.role').where('spaceMembers.spaceId', '=', spaceId).execute();
  const roles = rows.map((row) => row.role);
  return ['admin', 'writer', 'reader'].find((role) => roles.includes(role)) ?? roles[0];
}

export interface RequireSpaceOptions {
  /** Require a role that may change pages. Default false. */
  readonly write?: boolean;
}

/** Resolves a space the caller belongs to, or fails without revealing whether it exists. */
export async function requireSpace(
  db: Kysely<DB>,
  context: Pick<ToolCallContext, 'userId' | 'workspaceId'>,
  spaceId: string,
  options: RequireSpaceOptions = {},
) {
  const role = await findSpaceRole(db, context, spaceId);
  const space = role
    ? await db.selectFrom('spaces').selectAll().where('id', '=', spaceId).where('deletedAt', 'is', null).executeTakeFirst()
    : undefined;
  if (!space || !role) throw new ToolError('not_found', `space ${abbreviate(spaceId)} not found or no access; call listSpaces for the spaces you can use`);
  if (options.write && !(WRITER_ROLES as readonly string[]).includes(role)) {
    throw new ToolError('forbidden', `you have read-only access (role "${role}") to space ${abbreviate(spaceId)}; writing needs role writer or admin`);
  }
  return { ...space, role };
}

export interface FindPageOptions {
  /** Require a role that may change the page. Default false. */
  readonly write?: boolean;
  /** Also find pages in the trash (soft-deleted). Default false. */
  readonly includeDeleted?: boolean;
}

function pageQuery(db: Kysely<DB>, pageIdOrSlugId: string): SelectQueryBuilder<DB, 'pages', Page & { version: string }> {
  const query = db
    .selectFrom('pages')
    .selectAll('pages')
    .select(sql<string>`pages.updated_at::text`.as('version'));
  return isUuid(pageIdOrSlugId) ? query.where('pages.id', '=', pageIdOrSlugId) : query.where('pages.slugId', '=', pageIdOrSlugId);
}

/**
 * Loads a page the caller may see (same workspace, member of its space). A page that does not
 * exist and a page the caller may not see get the same answer, so ids cannot be probed.
 * Accepts the page's uuid or its slugId (what Docmost shows in URLs).
 */
export async function requirePage(
  db: Kysely<DB>,
  context: Pick<ToolCallContext, 'userId' | 'workspaceId'>,
  pageIdOrSlugId: string,
  options: FindPageOptions = {},
): Promise<AccessiblePage> {
  // No id holds U+0000, and PostgreSQL rejects the character in a query parameter.
  const page = pageIdOrSlugId.includes('\u0000')
    ? undefined
    : await pageQuery(db, pageIdOrSlugId).where('pages.workspaceId', '=', context.workspaceId).executeTakeFirst();
  const visible = page && (options.includeDeleted || page.deletedAt === null);
  const role = visible ? await findSpaceRole(db, context, page.spaceId) : undefined;
  if (!page || !visible || !role) {
    throw new ToolError('not_found', `page ${abbreviate(pageIdOrSlugId)} not found or no access`);
  }
  if (options.write && !(WRITER_ROLES as readonly string[]).includes(role)) {
    throw new ToolError('forbidden', `you have read-only access (role "${role}") to page ${abbreviate(pageIdOrSlugId)}; editing needs role writer or admin in its space`);
  }
  return { ...page, spaceRole: role };
}
