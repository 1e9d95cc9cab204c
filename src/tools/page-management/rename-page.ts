import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { requirePage } from '../../access';
import type { renamePageTool } from './page-management.tools';
import { sql } from 'kysely';
import { refuseUnstorableText } from '../../page-store';
import { serviceCaller } from '../../docmost-services';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface RenamePageResult {
  readonly pageId: string;
  readonly previousTitle: string | null;
  readonly title: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function renamePage(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof renamePageTool>,
  context: ToolCallContext,
): Promise<RenamePageResult> {
  const page = await requirePage(dependencies.db, context, input.pageId, {
    write: true,
  });
  refuseUnstorableText(input.title, 'the title');
  // Through the bound page service (in Docmost its `PageService.update`: the space's sidebars
  // get the new title, `PAGE_UPDATED` feeds search and embeddings, the renamer watches the page).
  const renamed = await dependencies.services.pages.rename({
    caller: await serviceCaller(dependencies.db, context),
    pageId: page.id,
    title: input.title,
    version: page.version,
  });
  const version =
    renamed.version ??
    (
      await dependencies.db
        .selectFrom('pages')
        .select(sql<string>`updated_at::text`.as('version'))
        .where('id', '=', page.id)
        .executeTakeFirstOrThrow()
    ).version;
  const { historyId } = renamed;
  return {
    pageId: page.id,
    previousTitle: page.title,
    title: input.title,
    version,
    historyId,
  };
}
