import {
  receiveDocument,
  type StoredFormOptions,
} from '../../../stored-document';
import type { HeavyWorkPool } from '../../../workers';
import type { ContentHeavyTasks, MarkdownDocument } from '../../../heavy-tasks';

/**
 * `readMarkdownDocument`, in a worker when the Markdown is long (a 400,000-character import
 * blocked the event loop for seconds); the document comes back as its stored form, parsed here
 * only if something reads its blocks (see `receiveDocument`).
 */
export async function readMarkdownOffThread(
  markdown: string,
  heavyWork: HeavyWorkPool<ContentHeavyTasks>,
  userId: string,
  storedForm?: StoredFormOptions,
): Promise<MarkdownDocument> {
  const { document, generatedIds } = await heavyWork.runSized(
    'transferMarkdownDocument',
    { markdown, storedForm },
    markdown.length,
    {
      userId,
      label: 'Reading the Markdown',
      advice:
        'Send the page in parts: a shorter document, then insertNode for the rest.',
    },
  );
  return { content: receiveDocument(document), generatedIds };
}
