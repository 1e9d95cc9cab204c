import { sql } from 'kysely';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { requirePage } from '../../access';
import type { listPageHistoryTool } from './history.tools';
import { isoTime } from '../iso-time';
import { decodeKeysetCursor, keysetBatch } from '../paging';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { HistoryHeavyTasks } from '../../heavy-tasks';

export interface PageVersionSummary {
  readonly historyId: string;
  /** The row's version number; NULL in the rows Docmost (and this module) write. */
  readonly version: number | null;
  readonly title: string | null;
  readonly savedAt: string;
  readonly savedBy: {
    readonly id: string;
    readonly name: string | null;
  } | null;
  /** Who made the change: 'user' (a person in the editor) or 'agent'; null on rows older than the column. */
  readonly source: string | null;
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

/** A page's saved versions, newest first as Docmost orders them (created_at, then id), paged by a cursor on that order. */
export async function listPageHistory(
  { db, heavyWork }: ToolExecutorDependencies<HistoryHeavyTasks>,
  input: ToolInput<typeof listPageHistoryTool>,
  context: ToolCallContext,
): Promise<PageHistoryList> {
  const page = await requirePage(db, context, input.pageId);
  const after = decodeKeysetCursor(
    input.cursor,
    'listPageHistory',
    'the newest versions',
  );
  const rows = await db
    .selectFrom('pageHistory')
    .leftJoin('users', 'users.id', 'pageHistory.lastUpdatedById')
    .select([
      'pageHistory.id',
      'pageHistory.version',
      'pageHistory.title',
      'pageHistory.createdAt',
      // As text: a host's CamelCasePlugin would walk every object of a parsed document.
      sql<string | null>`page_history.content::text`.as('contentText'),
      'pageHistory.lastUpdatedById',
      'pageHistory.lastUpdatedSource',
      'users.name as userName',
      sql<string>`page_history.created_at::text`.as('position'),
    ])
    .where('pageHistory.pageId', '=', page.id)
    // The position goes in as text: postgres.js would turn a timestamptz parameter into a Date
    // and drop the microseconds, skipping rows saved within the same millisecond.
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(page_history.created_at, page_history.id) < (${after!.at}::text::timestamptz, ${after!.id}::uuid)`,
      ),
    )
    .orderBy('pageHistory.createdAt', 'desc')
    .orderBy('pageHistory.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const { rows: listed, nextCursor } = keysetBatch(
    'listPageHistory',
    rows,
    input.limit,
  );
  const documents = listed.map((row) => row.contentText);
  // Many versions of a large page add up: their lengths are taken in a worker then.
  const characters = await heavyWork.runSized(
    'versionTextLengths',
    { documents },
    documents.reduce((sum, document) => sum + (document?.length ?? 0), 0),
    {
      userId: context.userId,
      label: `listPageHistory of page ${page.id}`,
      advice: 'List fewer versions per call (limit).',
    },
  );
  const versions = listed.map((row, index) => ({
    historyId: row.id,
    version: row.version,
    title: row.title,
    savedAt: isoTime(row.createdAt),
    savedBy:
      row.lastUpdatedById === null
        ? null
        : { id: row.lastUpdatedById, name: row.userName },
    source: row.lastUpdatedSource,
    characters: characters[index]!,
  }));
  return {
    pageId: page.id,
    title: page.title,
    versions,
    nextCursor,
  };
}
