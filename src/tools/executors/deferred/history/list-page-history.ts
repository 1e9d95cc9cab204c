import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import { ToolError } from '../../../../registry/tool-error';
import type { ToolInput } from '../../../../registry/tool-spec';
import { requirePage } from '../../../access';
import type { listPageHistoryTool } from '../../../definitions/history.tools';
import { extractText } from '../../../prosemirror/extract-text';
import { isoTime } from '../iso-time';

export interface PageVersionSummary {
  readonly historyId: string;
  readonly version: number;
  readonly title: string | null;
  readonly savedAt: string;
  readonly savedBy: { readonly id: string; readonly name: string | null } | null;
  /** Length of the version's plain text: a sudden drop flags content lost in that save. */
  readonly characters: number;
}

export interface PageHistoryList {
  readonly pageId: string;
  readonly title: string | null;
  readonly versions: readonly PageVersionSummary[];
  /** Pass as `cursor` for older versions; null when there are none. */
  readonly nextCursor: string | null;
}

/** A page's saved versions, newest first, paged by version number. */
export async function listPageHistory(db: Kysely<DB>, input: ToolInput<typeof listPageHistoryTool>, context: ToolCallContext): Promise<PageHistoryList> {
  const page = await requirePage(db, context, input.pageId);
  let before: number | undefined;
  if (input.cursor !== undefined) {
    // Nine digits at most: version is a 32-bit integer column, and a longer number fails the query.
    if (!/^v\d{1,9}$/.test(input.cursor)) {
      throw new ToolError('invalid_input', `cursor "${input.cursor}" was not returned by listPageHistory; omit it for the newest versions`);
    }
    before = Number(input.cursor.slice(1));
  }
  const rows = await db
    .selectFrom('pageHistory')
    .leftJoin('users', 'users.id', 'pageHistory.lastUpdatedById')
    .select(['pageHistory.id', 'pageHistory.version', 'pageHistory.title', 'pageHistory.createdAt', 'pageHistory.content', 'pageHistory.lastUpdatedById', 'users.name as userName'])
    .where('pageHistory.pageId', '=', page.id)
    .$if(before !== undefined, (query) => query.where('pageHistory.version', '<', before!))
    .orderBy('pageHistory.version', 'desc')
    .orderBy('pageHistory.createdAt', 'desc')
    .limit(input.limit + 1)
    .execute();
  const versions = rows.slice(0, input.limit).map((row) => ({
    historyId: row.id,
    version: row.version,
    title: row.title,
    savedAt: isoTime(row.createdAt),
    savedBy: row.lastUpdatedById === null ? null : { id: row.lastUpdatedById, name: row.userName },
    characters: extractText(row.content).length,
  }));
  const last = versions[versions.length - 1];
  return { pageId: page.id, title: page.title, versions, nextCursor: rows.length > input.limit && last ? `v${last.version}` : null };
}
