import type { ToolCallContext } from '../../registry';
import type {
  HeavyTaskInput,
  HeavyTaskOutput,
  HeavyWorkPool,
} from '../../workers';
import type { AccessiblePage } from '../../access';
import type { ReadingHeavyTasks } from '../../heavy-tasks';
import type { ProseMirrorNode } from '../../document';

type ViewName = 'pageTextView' | 'blockView' | 'outlineView' | 'tableView';
type Tasks = ReadingHeavyTasks;

/**
 * A reading tool's view of a page's document (src/heavy-tasks/reading: document-views.ts,
 * getTable's table-view.ts), through the pool's own rule for where work runs (`runSized`): in a
 * worker from the document's JSON text when the page is large (read with `largeDocumentAsText`),
 * on the calling thread otherwise.
 */
export function viewOfPage<Name extends ViewName>(
  heavyWork: HeavyWorkPool<Tasks>,
  page: AccessiblePage,
  name: Name,
  input: Omit<HeavyTaskInput<Tasks, Name>, 'document'>,
  caller: { readonly context: ToolCallContext; readonly toolName: string },
): Promise<HeavyTaskOutput<Tasks, Name>> {
  // Each view reads it with asDocument, which checks the content is a document.
  const document =
    page.documentText ?? (page.content as unknown as ProseMirrorNode);
  return heavyWork.runSized(
    name,
    { ...input, document } as HeavyTaskInput<Tasks, Name>,
    page.documentText?.length ?? 0,
    {
      userId: caller.context.userId,
      label: `${caller.toolName} of page ${page.id}`,
    },
  );
}
