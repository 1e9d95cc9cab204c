import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { deleteNodeTool } from './structure.tools';
import { mutatePage } from '../page-store';
import { spliceAtPath } from '../prosemirror/block-tree';
import { extractText } from '../prosemirror/extract-text';
import { assertValidContainer } from './assert-valid-container';
import { resolveBlock } from './resolve-block';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface DeleteNodeResult {
  readonly pageId: string;
  readonly deleted: { readonly type: string; readonly text: string };
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/** Removes one block with its content; refuses to leave a container the editor cannot hold. */
export async function deleteNode(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof deleteNodeTool>,
  context: ToolCallContext,
): Promise<DeleteNodeResult> {
  let deleted = { type: '', text: '' };
  const { after } = await mutatePage(
    dependencies,
    { context, pageId: input.pageId, toolName: 'deleteNode' },
    (doc) => {
      const located = resolveBlock(doc, input.nodeId, 'nodeId');
      deleted = { type: located.node.type, text: extractText(located.node) };
      const updated = spliceAtPath(doc, located.path, []);
      assertValidContainer(
        updated,
        located.path.slice(0, -1),
        `deleting ${input.nodeId}`,
      );
      return updated;
    },
  );
  return {
    pageId: after.id,
    deleted,
    version: after.version,
    historyId: after.historyId,
  };
}
