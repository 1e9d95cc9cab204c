import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolName } from '../tool-definitions';
import { mutatePage, storedFormFor, type WrittenPage } from '../page-store';
import { receiveDocument } from '../page-store/stored-document';
import { documentSize } from '../prosemirror/document-size';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { BlockEdit, BlockEditReport } from './block-edits';

/**
 * Read-modify-write of one block edit: on a large page the edit runs in a worker from the
 * page's JSON text (finding the block, collecting the page's ids and checking the containers
 * grow with the page), and the new document comes back as its stored form, never parsed here.
 */
export async function runBlockEdit<Kind extends BlockEdit['kind']>(
  dependencies: ToolExecutorDependencies,
  call: {
    readonly context: ToolCallContext;
    readonly pageId: string;
    readonly toolName: ToolName;
  },
  edit: Extract<BlockEdit, { kind: Kind }>,
): Promise<{
  readonly after: WrittenPage;
  readonly report: Extract<BlockEditReport, { kind: Kind }>;
}> {
  const { heavyWork } = dependencies;
  let report: BlockEditReport | undefined;
  const { after } = await mutatePage(
    dependencies,
    call,
    async (doc, page) => {
      const result = await heavyWork.runSized(
        'applyBlockEdit',
        {
          document: doc,
          edit,
          storedForm: storedFormFor(dependencies, page.id),
        },
        typeof doc === 'string'
          ? doc.length
          : documentSize(doc, heavyWork.limits.inProcessMaxChars),
        {
          userId: call.context.userId,
          label: `${call.toolName} on page ${call.pageId}`,
          advice:
            'The page is very large: read it in parts, or move some of it to other pages.',
        },
      );
      report = result.report;
      return receiveDocument(result.document);
    },
    { largeDocumentAsText: true },
  );
  return {
    after,
    report: report as Extract<BlockEditReport, { kind: Kind }>,
  };
}
