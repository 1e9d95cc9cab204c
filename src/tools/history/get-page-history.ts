import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { getPageHistoryTool } from './history.tools';
import type { ProseMirrorNode } from '../../document';
import {
  refuseOversizedOutput,
  refuseOversizedStoredDocument,
  type HistoryHeavyTasks,
  type OutputLimit,
} from '../../heavy-tasks';
import { isoTime } from '../iso-time';
import { requirePageVersion } from './require-page-version';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface PageVersion {
  readonly historyId: string;
  readonly pageId: string;
  /** The row's version number; NULL in the rows Docmost (and this module) write. */
  readonly version: number | null;
  readonly title: string | null;
  readonly savedAt: string;
  readonly savedById: string | null;
  /** 'user' or 'agent' (Docmost's fork); null on rows older than the column. */
  readonly source: string | null;
  readonly format: 'text' | 'json';
  /** With format "text". */
  readonly text?: string;
  /** With format "json". */
  readonly content?: ProseMirrorNode;
}

export async function getPageHistory(
  { db, heavyWork }: ToolExecutorDependencies<HistoryHeavyTasks>,
  input: ToolInput<typeof getPageHistoryTool>,
  context: ToolCallContext,
): Promise<PageVersion> {
  const { version } = await requirePageVersion(db, context, input.historyId);
  const limit: OutputLimit = {
    what: `version ${version.id} of page ${version.pageId} (format ${input.format})`,
    readInstead:
      'see what changed with diffPageVersions, bring the version back with restorePageVersion (no need to read it first), or try format "text" if you asked for "json"',
  };
  const envelope = {
    historyId: version.id,
    pageId: version.pageId,
    version: version.version,
    title: version.title,
    savedAt: isoTime(version.createdAt),
    savedById: version.lastUpdatedById,
    source: version.lastUpdatedSource,
    format: input.format,
  };
  const stored = version.contentText ?? 'null';
  if (input.format === 'json')
    return refuseOversizedStoredDocument(envelope, stored, limit);
  const text = await heavyWork.runSized(
    'versionText',
    { document: stored },
    stored.length,
    {
      userId: context.userId,
      label: `getPageHistory of version ${version.id}`,
    },
  );
  return refuseOversizedOutput({ ...envelope, text }, limit);
}
