import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { readPage } from '../page-store';
import type { updatePageJsonTool } from './structure.tools';
import { ensureBlockIds } from '../prosemirror/block-id';
import { collectBlockIds } from '../prosemirror/block-tree';
import { assertValidNode } from '../prosemirror/validate-node';
import { writeWholeDocument } from './write-whole-document';
import type { ToolExecutorDependencies } from '../executor-dependencies';

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
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof updatePageJsonTool>,
  context: ToolCallContext,
): Promise<UpdatePageJsonResult> {
  const page = await readPage(dependencies, context, input.pageId, {
    write: true,
  });
  const doc: unknown = input.doc;
  assertValidNode(doc, { label: 'doc' });
  const givenIds = new Set(collectBlockIds(doc));
  const content = ensureBlockIds(doc);
  const generatedIds = collectBlockIds(content).filter(
    (id) => !givenIds.has(id),
  ).length;
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
    blocks: content.content?.length ?? 0,
    generatedIds,
  };
}
