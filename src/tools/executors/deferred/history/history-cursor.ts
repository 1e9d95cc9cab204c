import { sql, type RawBuilder } from 'kysely';
import { abbreviate } from '../../../../registry/abbreviate';
import { ToolError } from '../../../../registry/tool-error';
import { isUuid } from '../../../access';

/**
 * listPageHistory's cursor: the position of the last version listed, as (created_at, id).
 * Docmost writes history rows without a version number, so the cursor cannot be a version:
 * it is the row's creation time at PostgreSQL's microsecond precision, carried as text (a JS
 * Date would cut it to milliseconds and skip or repeat rows saved in the same millisecond),
 * and its id to order rows saved at the same instant.
 */
export interface HistoryPosition {
  readonly createdAt: string;
  readonly id: string;
}

const PREFIX = 'h1.';
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** `created_at` as the cursor carries it: UTC, microseconds, read in SQL so no driver rounds it. */
export const createdAtText: RawBuilder<string> = sql<string>`to_char(page_history.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeHistoryCursor(position: HistoryPosition): string {
  return PREFIX + Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeHistoryCursor(cursor: string): HistoryPosition {
  const invalid = () =>
    new ToolError('invalid_input', `cursor "${abbreviate(cursor)}" was not returned by listPageHistory; pass the nextCursor of the previous call unchanged, or omit it for the newest versions`);
  if (!cursor.startsWith(PREFIX)) throw invalid();
  const [createdAt, id, ...rest] = Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || createdAt === undefined || id === undefined || !CREATED_AT.test(createdAt) || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) throw invalid();
  return { createdAt, id };
}
