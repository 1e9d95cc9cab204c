import {
  type StoredDocumentHeavyTasks,
  receiveDocument,
} from '../../stored-document';
import type { ToolCallContext } from '../../registry';
import type { AccessiblePage } from '../../access';
import type { ToolName } from '../tool-names';
import {
  mutatePage,
  storedFormFor,
  type PageStore,
  type WrittenPage,
} from '../../page-store';
import { documentSize } from '../../document';
import type {
  BlockEdit,
  BlockEditHeavyTasks,
  BlockEditReport,
} from '../../heavy-tasks';
import type { HeavyWorkPool } from '../../workers';

/**
 * Read-modify-write of one block edit (`edit` says which, given the page as read): on a large
 * page the edit runs in a worker from the page's JSON text (finding the block, collecting the
 * page's ids and checking the containers grow with the page), and the new document comes back
 * as its stored form, never parsed here.
 */
export async function runBlockEdit<Kind extends BlockEdit['kind']>(
  store: Omit<PageStore, 'heavyWork'> & {
    readonly heavyWork: HeavyWorkPool<
      BlockEditHeavyTasks & StoredDocumentHeavyTasks
    >;
  },
  call: {
    readonly context: ToolCallContext;
    readonly pageId: string;
    readonly toolName: ToolName;
    /** See `PageMutation.write`; default true. */
    readonly write?: boolean;
  },
  edit: (page: AccessiblePage) => Extract<BlockEdit, { kind: Kind }>,
): Promise<{
  readonly before: AccessiblePage;
  readonly after: WrittenPage;
  readonly report: Extract<BlockEditReport, { kind: Kind }>;
}> {
  const { heavyWork } = store;
  let report: BlockEditReport | undefined;
  const { before, after } = await mutatePage(store, call, async (doc, page) => {
    const result = await heavyWork.runSized(
      'applyBlockEdit',
      {
        document: doc,
        edit: edit(page),
        storedForm: storedFormFor(store, page.id),
      },
      documentSize(doc, heavyWork.limits.inProcessMaxChars),
      {
        userId: call.context.userId,
        label: `${call.toolName} on page ${call.pageId}`,
        advice:
          'The page is very large: read it in parts, or move some of it to other pages.',
      },
    );
    report = result.report;
    return receiveDocument(result.document);
  });
  return {
    before,
    after,
    report: report as Extract<BlockEditReport, { kind: Kind }>,
  };
}
