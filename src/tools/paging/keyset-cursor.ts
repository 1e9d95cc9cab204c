import { abbreviate, ToolError } from '../../ground';
import { isUuid } from '../../ground';

/**
 * Where a keyset-paginated list stopped: the last row's timestamp as PostgreSQL prints it
 * (`created_at::text`, exact to the microsecond, unlike a JS Date) and its id, which breaks ties.
 */
export interface KeysetPosition {
  readonly at: string;
  readonly id: string;
}

/** `timestamptz::text`: `2025-06-02 11:00:00.123456+00`. */
const POSTGRES_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** A real calendar date too: 31 June or year 0 would fail inside PostgreSQL's cast instead of here. */
function isPostgresTimestamp(text: string): boolean {
  const match = POSTGRES_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** The issuing tool's name goes in too: one list's cursor passed to another is refused, not misread. */
export function encodeKeysetCursor(
  toolName: string,
  position: KeysetPosition,
): string {
  return Buffer.from(
    JSON.stringify([toolName, position.at, position.id]),
  ).toString('base64url');
}

/**
 * The position in a cursor this module issued, none without a cursor (the first batch); anything
 * else is refused naming the tool whose `nextCursor` to pass back, and what omitting it does
 * (`startsFrom`).
 */
export function decodeKeysetCursor(
  cursor: string | undefined,
  toolName: string,
  startsFrom: string,
): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [issuer, at, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      issuer === toolName &&
      typeof at === 'string' &&
      isPostgresTimestamp(at) &&
      typeof id === 'string' &&
      isUuid(id)
    )
      return { at, id };
  } catch {
    // Reported below with the same message as a well-formed but foreign value.
  }
  throw new ToolError(
    'invalid_input',
    `cursor "${abbreviate(cursor)}" is not a ${toolName} cursor: pass the nextCursor of the previous ${toolName} call unchanged, or omit cursor to start from ${startsFrom}`,
  );
}

/**
 * One batch of a keyset-paginated list fetched with `limit + 1` rows: the rows to answer with,
 * and the cursor after the last of them, `null` when the extra row shows there is no more.
 */
export function keysetBatch<Row extends { position: string; id: string }>(
  toolName: string,
  rows: readonly Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  const batch = rows.slice(0, limit);
  const last = batch.at(-1);
  return {
    rows: batch,
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeKeysetCursor(toolName, { at: last.position, id: last.id })
        : null,
  };
}
