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
