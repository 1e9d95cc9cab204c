import type { HeavyWorkPool } from '../../../workers';
import type { ContentHeavyTasks } from '../../../heavy-tasks';
import {
  type MarkdownExport,
  documentSize,
  type ProseMirrorNode,
} from '../../../document';

/**
 * `exportDocumentMarkdown`, in a worker for a large page (exporting a 5 MB page blocked the event
 * loop for seconds): exportPageMarkdown and stashPage's Markdown snapshot.
 */
export function exportMarkdownOffThread(
  document: ProseMirrorNode,
  heavyWork: HeavyWorkPool<ContentHeavyTasks>,
  userId: string,
): Promise<MarkdownExport> {
  return heavyWork.runSized(
    'exportDocumentMarkdown',
    { document },
    documentSize(document, heavyWork.limits.inProcessMaxChars),
    {
      userId,
      label: 'Exporting the page as Markdown',
      advice: 'Read the page in parts with getOutline and getPage (fromBlock).',
    },
  );
}
