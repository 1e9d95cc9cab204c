/*
 * What the results of tools that read comments (their specs' `readsComments`) say about the
 * comments the agent has seen: the comment signal advances its watermark past what they
 * covered, and only that.
 */

/** The part of a `since` reading's result (checkNewComments') that says what it covered. */
export interface CheckedRange {
  readonly spaceId: string;
  readonly since: string;
  readonly truncated: boolean;
}

export function asCheckedRange(output: unknown): CheckedRange | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const { spaceId, since, truncated } = output as Record<string, unknown>;
  return typeof spaceId === 'string' &&
    typeof since === 'string' &&
    typeof truncated === 'boolean'
    ? { spaceId, since, truncated }
    : undefined;
}

/**
 * A `page` reading's result (listComments') that left threads out (cut at the output limit, or with more batches to
 * come) has not been read in full; nor has a later batch, whose earlier threads may have new replies.
 */
export function isCompleteListing(output: unknown, input: unknown): boolean {
  if (typeof output !== 'object' || output === null) return false;
  const { truncated, nextCursor } = output as {
    truncated?: unknown;
    nextCursor?: unknown;
  };
  const continued =
    typeof input === 'object' &&
    input !== null &&
    (input as { cursor?: unknown }).cursor !== undefined;
  return (
    truncated === undefined &&
    (nextCursor === undefined || nextCursor === null) &&
    !continued
  );
}
