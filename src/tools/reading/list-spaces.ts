import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { listSpacesTool } from './reading.tools';
import { memberSpaceIds, visiblePages } from '../../access';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface SpaceListItem {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string | null;
  /** The caller's strongest role: admin, writer or reader. */
  readonly role: string;
  /** Pages the caller may see: restricted pages that do not grant the caller are not counted. */
  readonly pageCount: number;
}

/** Strongest first: a user in a space directly and through a group gets the better role. */
const ROLE_STRENGTH = sql<number>`min(case space_members.role when 'admin' then 1 when 'writer' then 2 else 3 end)`;

/** The spaces the caller belongs to (directly or through a group), by name. */
export async function listSpaces(
  { db }: ToolExecutorDependencies,
  _input: ToolInput<typeof listSpacesTool>,
  context: ToolCallContext,
): Promise<{ readonly spaces: readonly SpaceListItem[] }> {
  const memberships = await memberSpaceIds(db, context)
    .select(ROLE_STRENGTH.as('strength'))
    .groupBy('spaceMembers.spaceId')
    .execute();
  if (memberships.length === 0) return { spaces: [] };
  const strengthBySpace = new Map(
    memberships.map((row) => [row.spaceId, row.strength]),
  );
  const rows = await db
    .selectFrom('spaces')
    .select(['spaces.id', 'spaces.name', 'spaces.slug', 'spaces.description'])
    .select((eb) =>
      eb
        .selectFrom('pages')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('pages.spaceId', '=', 'spaces.id')
        .where('pages.deletedAt', 'is', null)
        .where(visiblePages(context))
        .as('pageCount'),
    )
    .where('spaces.id', 'in', [...strengthBySpace.keys()])
    .orderBy('spaces.name')
    .execute();
  return {
    spaces: rows.map((row) => ({
      id: row.id,
      name: row.name ?? row.slug,
      slug: row.slug,
      description: row.description,
      role:
        ['admin', 'writer', 'reader'][(strengthBySpace.get(row.id) ?? 3) - 1] ??
        'reader',
      pageCount: row.pageCount ?? 0,
    })),
  };
}
