import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import { ToolError } from '../../../../registry/tool-error';
import type { ToolInput } from '../../../../registry/tool-spec';
import { isUuid, memberSpaceIds, requireSpace, visiblePages } from '../../../access';
import type { listPagesTool } from '../../../definitions/reading.tools';

export interface PageListItem {
  readonly id: string;
  readonly slugId: string;
  readonly title: string;
  readonly spaceId: string;
  readonly parentPageId: string | null;
  readonly updatedAt: string;
}

export interface ListPagesResult {
  readonly pages: readonly PageListItem[];
  /** Pass back as `cursor` for the next batch; null after the last one. */
  readonly nextCursor: string | null;
}

interface CursorPosition {
  /** `updated_at` as Postgres text: exact to the microsecond, unlike a JS Date. */
  readonly updatedAt: string;
  readonly id: string;
}

function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.updatedAt, position.id])).toString('base64url');
}

/** `updated_at::text` as PostgreSQL prints it: `2025-06-02 11:00:00.123456+00`. */
const POSTGRES_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * Whether `text` is a timestamp as this tool puts it in a cursor, with a real calendar date:
 * anything else (a date only V8 reads, 31 June, year 0) would fail inside PostgreSQL's cast.
 */
function isCursorTimestamp(text: string): boolean {
  const match = POSTGRES_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

function decodeCursor(cursor: string): CursorPosition {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof updatedAt === 'string' && isCursorTimestamp(updatedAt) && typeof id === 'string' && isUuid(id)) return { updatedAt, id };
  } catch {
    // Reported below with the same message as a well-formed but foreign value.
  }
  throw new ToolError('invalid_input', `cursor "${cursor}" is not a listPages cursor: pass the nextCursor of the previous listPages call unchanged, or omit cursor to start from the most recent page`);
}

/** Pages of one space or of all the caller's spaces, most recently updated first, keyset-paginated. */
export async function listPages(db: Kysely<DB>, input: ToolInput<typeof listPagesTool>, context: ToolCallContext): Promise<ListPagesResult> {
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  if (input.spaceId !== undefined) await requireSpace(db, context, input.spaceId);
  let select = db
    .selectFrom('pages')
    .select(['pages.id', 'pages.slugId', 'pages.title', 'pages.spaceId', 'pages.parentPageId'])
    .select(sql<string>`pages.updated_at::text`.as('position'))
    .select(sql<string>`to_char(pages.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('updatedAt'))
    .where('pages.workspaceId', '=', context.workspaceId)
    .where('pages.deletedAt', 'is', null)
    .where('pages.spaceId', 'in', memberSpaceIds(db, context))
    .where(visiblePages(context));
  if (input.spaceId !== undefined) select = select.where('pages.spaceId', '=', input.spaceId);
  if (after) select = select.where(sql<boolean>`(pages.updated_at, pages.id) < (${after.updatedAt}::text::timestamptz, ${after.id}::uuid)`);
  const rows = await select
    .orderBy('pages.updatedAt', 'desc')
    .orderBy('pages.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    pages: page.map((row) => ({
      id: row.id,
      slugId: row.slugId,
      title: row.title ?? '',
      spaceId: row.spaceId,
      parentPageId: row.parentPageId,
      updatedAt: row.updatedAt,
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ updatedAt: last.position, id: last.id }) : null,
  };
}
