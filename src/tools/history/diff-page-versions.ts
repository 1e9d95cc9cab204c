import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry';
import { abbreviate, ToolError } from '../../ground';
import type { ToolInput } from '../../registry';
import { requirePage, type AccessiblePage } from '../../access';
import { isUuid } from '../../ground';
import type { diffPageVersionsTool } from './history.tools';
import type { DocumentDiff } from '../../document';
import { isoTime } from '../iso-time';
import type { LivePageReader } from '../../page-store';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { HistoryHeavyTasks } from '../../heavy-tasks';

export interface VersionSide {
  /** A historyId, or "current". */
  readonly ref: string;
  /** History version number; null for the current page. */
  readonly version: number | null;
  readonly title: string | null;
  readonly savedAt: string;
}

export type PageVersionsDiff = {
  readonly pageId: string;
  readonly from: VersionSide;
  readonly to: VersionSide;
} & DocumentDiff;

/**
 * One side of the diff, its document as the JSON text PostgreSQL stores (`content::text`): never
 * parsed on the event loop, it goes to the diff as one string (see HEAVY_TASKS.diffDocuments).
 */
async function loadSide(
  db: Kysely<DB>,
  page: AccessiblePage,
  ref: string,
  context: ToolCallContext,
  livePages: LivePageReader | undefined,
): Promise<{ side: VersionSide; content: string }> {
  if (ref.toLowerCase() === 'current') {
    // An open page's current version is what its editors have, not the last store.
    const live = await livePages?.readLive({ pageId: page.id, context });
    if (live)
      return {
        side: {
          ref: 'current',
          version: null,
          title: page.title,
          savedAt: new Date().toISOString(),
        },
        content: live.documentText ?? JSON.stringify(live.content),
      };
    const current = await db
      .selectFrom('pages')
      .select(sql<string>`coalesce(content::text, 'null')`.as('contentJson'))
      .where('id', '=', page.id)
      .executeTakeFirst();
    return {
      side: {
        ref: 'current',
        version: null,
        title: page.title,
        savedAt: isoTime(page.updatedAt),
      },
      content: current?.contentJson ?? 'null',
    };
  }
  const row = isUuid(ref)
    ? await db
        .selectFrom('pageHistory')
        .select([
          'id',
          'version',
          'title',
          'createdAt',
          sql<string>`coalesce(content::text, 'null')`.as('contentJson'),
        ])
        .where('id', '=', ref)
        .where('pageId', '=', page.id)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new ToolError(
      'not_found',
      `page version ${abbreviate(ref)} not found for page ${page.id} or no access; give a historyId from listPageHistory for this page, or "current"`,
    );
  }
  return {
    side: {
      ref: row.id,
      version: row.version,
      title: row.title,
      savedAt: isoTime(row.createdAt),
    },
    content: row.contentJson,
  };
}

/** Text changes and integrity counts between two versions of one page (either may be "current"). */
export async function diffPageVersions(
  { db, heavyWork, livePages }: ToolExecutorDependencies<HistoryHeavyTasks>,
  input: ToolInput<typeof diffPageVersionsTool>,
  context: ToolCallContext,
): Promise<PageVersionsDiff> {
  const page = await requirePage(db, context, input.pageId, { content: false });
  const from = await loadSide(db, page, input.from, context, livePages);
  const to = await loadSide(db, page, input.to, context, livePages);
  // Large versions are diffed in a worker, so the event loop keeps serving meanwhile.
  // JSON text is longer than the document's text; the threshold stays a fair proxy for the work.
  const chars = from.content.length + to.content.length;
  const diff = await heavyWork.runSized(
    'diffDocuments',
    {
      from: from.content,
      to: to.content,
      options: { maxChangedLines: input.maxChangedLines },
    },
    chars,
    {
      userId: context.userId,
      label: `diffPageVersions of page ${page.id}`,
      advice:
        'Diff versions that are closer together, or read them with getPageHistory.',
    },
  );
  return { pageId: page.id, from: from.side, to: to.side, ...diff };
}
