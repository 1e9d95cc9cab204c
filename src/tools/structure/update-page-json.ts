import { receiveDocument } from '../../stored-document';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage, storedFormFor } from '../../page-store';
import type { updatePageJsonTool } from './structure.tools';
import { writeWholeDocument } from '../write-whole-document';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import type { StructureHeavyTasks } from '../../heavy-tasks';

export interface UpdatePageJsonResult {
  readonly pageId: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
  /** Top-level blocks of the written document. */
  readonly blocks: number;
  /** Headings and paragraphs that got a new id (missing, malformed or duplicated in the input). */
  readonly generatedIds: number;
}

/** Replaces the whole document after validating it against Docmost's editor schema. */
export async function updatePageJson(
  dependencies: ToolExecutorDependencies<StructureHeavyTasks>,
  input: ToolInput<typeof updatePageJsonTool>,
  context: ToolCallContext,
): Promise<UpdatePageJsonResult> {
  // The old document is replaced, not read: only its access and version are needed.
  const page = await readPage(dependencies, context, input.pageId, {
    write: true,
    content: false,
  });
  // The text crosses to a worker as one string; for a document of megabytes, checking it here
  // held the event loop for over 100 ms per call.
  const json = JSON.stringify(input.doc);
  const { generatedIds, document, blocks } =
    await dependencies.heavyWork.runSized(
      'prepareWholeDocument',
      { json, ...storedFormFor(dependencies, page.id) },
      json.length,
      {
        userId: context.userId,
        label: `updatePageJson on page ${page.id}`,
        advice:
          'Send a smaller document, or change parts of the page with patchNode, insertNode or deleteNode.',
      },
    );
  // Valid and numbered (the worker checked the same JSON): written from its stored form, the
  // object parsed only if a writer reads it (a live page's merge).
  const content = receiveDocument(document);
  const written = await writeWholeDocument(dependencies, {
    context,
    page,
    content,
    baseVersion: input.baseVersion,
    toolName: 'updatePageJson',
  });
  return {
    pageId: written.id,
    version: written.version,
    historyId: written.historyId,
    blocks,
    generatedIds,
  };
}
