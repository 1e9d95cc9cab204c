import { sql, type RawBuilder } from 'kysely';

/** A deferred tool a chat activated, as carried from one turn to the next. */
export interface CarriedTool {
  readonly name: string;
  /**
   * When the tool was last loaded or called, in epoch milliseconds of the server's clock. It
   * only ranks tools for the least-recently-used bound; it is never compared with database time.
   */
  readonly usedAt: number;
}

/** Tools a chat carries into its next turn unless the host sets another bound. */
export const DEFAULT_MAX_CARRIED_TOOLS = 12;

/** Refuses a bound that is not a positive integer, naming what is valid. */
export function checkMaxCarriedTools(value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `maxCarriedTools must be a positive integer (tools carried into a chat's next turn), got ${value}`,
    );
  }
  return value;
}

/**
 * The carried tools to restore: unknown names dropped, duplicates merged, then the `max` most
 * recently used kept, in their original (activation) order so the tools array stays a prefix.
 */
export function selectCarriedTools(
  carried: readonly CarriedTool[],
  isDeferred: (name: string) => boolean,
  max: number,
): CarriedTool[] {
  // A name listed twice keeps its first position and its latest use, as the SQL merge does.
  const byName = new Map<string, CarriedTool>();
  for (const tool of carried) {
    if (!isDeferred(tool.name)) continue;
    const earlier = byName.get(tool.name);
    byName.set(tool.name, {
      name: tool.name,
      usedAt: Math.max(
        tool.usedAt,
        earlier?.usedAt ?? Number.NEGATIVE_INFINITY,
      ),
    });
  }
  const usable = [...byName.values()];
  if (usable.length <= max) return usable;
  const kept = new Set(
    usable
      .map((tool, position) => ({ tool, position }))
      .sort(
        (left, right) =>
          right.tool.usedAt - left.tool.usedAt ||
          right.position - left.position,
      )
      .slice(0, max)
      .map(({ tool }) => tool),
  );
  return usable.filter((tool) => kept.has(tool));
}

/** Reads the stored column; anything that is not a `{ name, usedAt }` entry is skipped. */
export function parseCarriedTools(stored: unknown): CarriedTool[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, usedAt } = entry as { name?: unknown; usedAt?: unknown };
    return typeof name === 'string' &&
      typeof usedAt === 'number' &&
      Number.isFinite(usedAt)
      ? [{ name, usedAt }]
      : [];
  });
}

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
      select merged.name, merged.position, merged.used_at,
        row_number() over (order by merged.used_at desc, merged.position desc) as recency
      from (
        select tool.value->>'name' as name, min(tool.position) as position, max((tool.value->>'usedAt')::float8) as used_at
        from (
          select stored_tool.value, stored_tool.position
          from jsonb_array_elements(${stored}) with ordinality as stored_tool(value, position)
          union all
          select incoming_tool.value, incoming_tool.position + 1000000
          from jsonb_array_elements(${incoming}) with ordinality as incoming_tool(value, position)
        ) tool
        where jsonb_typeof(tool.value->'name') = 'string' and jsonb_typeof(tool.value->'usedAt') = 'number'
        group by tool.value->>'name'
      ) merged
    ) kept
    where kept.recency <= ${max}::int
  )`;
}
