import { receiveDocument } from '../../stored-document';
import { ToolError } from '../../ground';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { editPageTextTool } from './edit-text.tools';
import { mutatePage, storedFormFor } from '../../page-store';
import { documentSize, ATOM_PLACEHOLDER } from '../../document';
import {
  findFormattingSyntax,
  PATCH_NODE_ADVICE,
  type EditedBlock,
  type EditTextHeavyTasks,
  type TextEditPlan,
} from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export type { EditedBlock } from '../../heavy-tasks';

type EditPageTextInput = ToolInput<typeof editPageTextTool>;

/** What was written, for the model to check against its intent. */
export interface EditPageTextResult {
  readonly pageId: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
  readonly replacements: number;
  /** The changed blocks, the first 50 of them. */
  readonly blocks: readonly EditedBlock[];
  /** Present when more blocks changed than are listed: how many, and where to read them. */
  readonly unlistedBlocks?: number;
  readonly note?: string;
}

/** Refuses a replacement that adds Markdown: the page would show the asterisks, not bold text. */
function refuseNewFormatting(input: EditPageTextInput): void {
  const inFind = new Set(findFormattingSyntax(input.find));
  const added = findFormattingSyntax(input.replace).filter(
    (name) => !inFind.has(name),
  );
  if (added.length > 0) {
    throw new ToolError(
      'invalid_input',
      `replace contains Markdown formatting (${added.join(', ')}), but editPageText only replaces plain text and page text holds no Markdown: the page would show the symbols literally. Give the plain words as replace; ${PATCH_NODE_ADVICE}.`,
      { formatting: added },
    );
  }
}

/**
 * Exact plain-text find/replace within single blocks, written as one compare-and-set: the
 * document is read, every match checked, and the page written only if nobody changed it since.
 */
export async function editPageText(
  dependencies: ToolExecutorDependencies<EditTextHeavyTasks>,
  input: EditPageTextInput,
  context: ToolCallContext,
): Promise<EditPageTextResult> {
  if (input.find === input.replace) {
    throw new ToolError(
      'invalid_input',
      'find and replace are the same text, so there is nothing to change',
    );
  }
  refuseNewFormatting(input);
  // Matching sees each inline atom as U+FFFC; a find holding one could span an atom, which
  // is not text and cannot be rewritten (the splice would fail half-way through the block).
  if (input.find.includes(ATOM_PLACEHOLDER)) {
    throw new ToolError(
      'invalid_input',
      'find contains U+FFFC (object replacement character), which stands for a mention, line break or other inline element: text cannot be matched across one; edit the text on each side separately. Nothing was changed.',
    );
  }
  let plan: TextEditPlan | undefined;
  const { heavyWork } = dependencies;
  const { after } = await mutatePage(
    dependencies,
    { context, pageId: input.pageId, toolName: 'editPageText' },
    async (doc, page) => {
      const request = {
        pageId: input.pageId,
        find: input.find,
        replace: input.replace,
        replaceAll: input.replaceAll,
        blockId: input.blockId,
      };
      // A replaceAll over a large page is linear but still takes a while: a worker runs it,
      // from the page's JSON text, and makes the new document's stored form there too.
      plan = await heavyWork.runSized(
        'planTextEdit',
        {
          document: doc,
          request,
          storedForm: storedFormFor(dependencies, page.id),
        },
        documentSize(doc, heavyWork.limits.inProcessMaxChars),
        {
          userId: context.userId,
          label: `editPageText on page ${input.pageId}`,
          advice: 'Edit fewer blocks per call (scope it with blockId).',
        },
      );
      return receiveDocument(plan.document);
    },
  );
  const { replacements, blocks, unlistedBlocks } = plan!;
  const result: EditPageTextResult = {
    pageId: after.id,
    version: after.version,
    historyId: after.historyId,
    replacements,
    blocks,
  };
  if (unlistedBlocks === 0) return result;
  return {
    ...result,
    unlistedBlocks,
    note: `${blocks.length + unlistedBlocks} blocks changed; the first ${blocks.length} are listed. Read the others with getPage (fromBlock) or stashPage.`,
  };
}
