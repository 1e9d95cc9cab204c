import type { Kysely } from 'kysely';
import type { DB } from '../database';
import { abbreviate, isUuid, ToolError } from '../ground';
import type { AccessCaller } from './page-access-policy';

/** Space roles that may change pages; readers may only read. */
export const WRITER_ROLES = ['admin', 'writer'] as const;

/**
 * The ids of spaces the caller belongs to in the caller's workspace, directly or through a
 * group. Every executor goes through this: the agent never sees more than its user.
 */
export function memberSpaceIds(db: Kysely<DB>, context: AccessCaller) {
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
          eb
            .selectFrom('groupUsers')
            .select('groupUsers.groupId')
            .where('groupUsers.userId', '=', context.userId),
        ),
      ]),
    );
}

/** The caller's strongest role in a space, or undefined when not a member. */
export async function findSpaceRole(
  db: Kysely<DB>,
  context: AccessCaller,
  spaceId: string,
): Promise<string | undefined> {
  if (!isUuid(spaceId)) return undefined;
  const rows = await memberSpaceIds(db, context)
    .select('spaceMembers.role')
    .where('spaceMembers.spaceId', '=', spaceId)
    .execute();
  const roles = rows.map((row) => row.role);
  return (
    ['admin', 'writer', 'reader'].find((role) => roles.includes(role)) ??
    roles[0]
  );
}

export interface RequireSpaceOptions {
  /** Require a role that may change pages. Default false. */
  readonly write?: boolean;
}

/** Resolves a space the caller belongs to, or fails without revealing whether it exists. */
export async function requireSpace(
  db: Kysely<DB>,
  context: AccessCaller,
  spaceId: string,
  options: RequireSpaceOptions = {},
) {
  const role = await findSpaceRole(db, context, spaceId);
  const space = role
    ? await db
        .selectFrom('spaces')
        .selectAll()
        .where('id', '=', spaceId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!space || !role)
    throw new ToolError(
      'not_found',
      `space ${abbreviate(spaceId)} not found or no access; call listSpaces for the spaces you can use`,
    );
  if (options.write && !(WRITER_ROLES as readonly string[]).includes(role)) {
    throw new ToolError(
      'forbidden',
      `you have read-only access (role "${role}") to space ${abbreviate(spaceId)}; writing needs role writer or admin`,
    );
  }
  return { ...space, role };
}
