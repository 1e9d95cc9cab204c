import { sql, type RawBuilder } from 'kysely';
import { jsonbElementsOfBoth } from '../database';
import type { CarriedTool } from '../deferred';

/** The tools of a turn as a jsonb parameter. */
export function carriedToolsParameter(
  tools: readonly CarriedTool[],
): RawBuilder<unknown> {
  return sql`${JSON.stringify(tools.map(({ name, usedAt }) => ({ name, usedAt })))}::text::jsonb`;
}

/**
 * The SQL expression merging two carried-tool arrays (jsonb): the union of both, each tool
 * once, at its first position (stored tools before newly activated ones, so the order of
 * activation is kept), with its latest use; beyond `max` tools the least recently used leave.
 * Two turns of one chat ending at once thus keep each other's activations.
 */
export function mergeCarriedToolsSql(
  stored: RawBuilder<unknown>,
  incoming: RawBuilder<unknown>,
  max: number,
): RawBuilder<unknown> {
  return sql`(
    select coalesce(jsonb_agg(jsonb_build_object('name', kept.name, 'usedAt', kept.used_at) order by kept.position), '[]'::jsonb)
    from (
      select tool.value->>'name' as name, min(tool.position) as position, max((tool.value->>'usedAt')::float8) as used_at
      from ${jsonbElementsOfBoth(stored, incoming)} tool
      where jsonb_typeof(tool.value->'name') = 'string' and jsonb_typeof(tool.value->'usedAt') = 'number'
      group by tool.value->>'name'
      order by used_at desc, position desc
      limit ${max}::int
    ) kept
  )`;
}
