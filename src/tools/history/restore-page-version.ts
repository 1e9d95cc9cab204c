import { receiveDocument } from '../../stored-document';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { restorePageVersionTool } from './history.tools';
import { storedFormFor } from '../../page-store';
import { writeWholeDocument } from '../write-whole-document';
import { requirePageVersion } from './require-page-version';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface RestorePageVersionResult {
  readonly pageId: string;
  /** The saved version whose content was written back. */
  readonly restoredHistoryId: string;
  readonly version: string;
  /**
   * The history row the restore itself added: restore the version listed right after it (the
   * state before the restore) to undo. Null when the page writer adds it later (`WrittenPage`).
   */
  readonly historyId: string | null;
}

/** Writes a saved version's content back as a new version (the title stays). */
export async function restorePageVersion(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof restorePageVersionTool>,
  context: ToolCallContext,
): Promise<RestorePageVersionResult> {
  const { version, page } = await requirePageVersion(
    dependencies.db,
    context,
    input.historyId,
    // The version written over is what the page's editors have now, when it is open.
    { write: true, livePages: dependencies.livePages },
  );
  // The version's JSON text goes to a worker as it is (for a large one), and its stored form
  // comes back with the document.
  const json = version.contentText;
  const transferred = await dependencies.heavyWork.runSized(
    'transferStoredJson',
    {
      json,
      field: 'the saved version',
      ...storedFormFor(dependencies, page.id),
    },
    json?.length ?? 0,
    {
      userId: context.userId,
      label: `restorePageVersion on page ${page.id}`,
    },
  );
  const written = await writeWholeDocument(dependencies, {
    context,
    page,
    content: receiveDocument(transferred),
    baseVersion: input.baseVersion,
    toolName: 'restorePageVersion',
  });
  return {
    pageId: written.id,
    restoredHistoryId: version.id,
    version: written.version,
    historyId: written.historyId,
  };
}
