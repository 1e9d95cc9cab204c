import { isUuid } from '../ground';
import type { StashListPosition } from './page-stash.repository';

/** Thrown for a `cursor` that no list gave out. */
export class InvalidStashListCursorError extends Error {
  override readonly name = 'InvalidStashListCursorError';
}

/** PostgreSQL's text of a `timestamptz` (ISO date style), what `created_at::text` gives. */
const TIMESTAMP_PATTERN =
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/;

/** The position after a listed row, as an opaque string (base64url of its time and id). */
export function encodeStashListCursor(row: StashListPosition): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id]), 'utf8').toString(
    'base64url',
  );
}

export function decodeStashListCursor(cursor: string): StashListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    TIMESTAMP_PATTERN.test(parsed[0]) &&
    isUuid(parsed[1])
  )
    return { createdAt: parsed[0], id: parsed[1] };
  throw new InvalidStashListCursorError(
    'cursor: not a cursor this list gave out; pass meta.nextCursor of the previous page, or no cursor for the first page',
  );
}
