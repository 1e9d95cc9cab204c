import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import type { patchNodeTool } from './structure.tools';
import { mutatePage } from '../page-store';
import { BLOCK_ID_NODE_TYPES, isBlockId } from '../prosemirror/block-id';
import {
  assignBlockIds,
  collectBlockIds,
  spliceAtPath,
} from '../prosemirror/block-tree';
import { extractText } from '../prosemirror/extract-text';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import { assertValidNode } from '../prosemirror/validate-node';
import { assertValidContainer } from './assert-valid-container';
import { resolveBlock } from './resolve-block';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface PatchNodeResult {
  readonly pageId: string;
  /** The new block's id: the old one unless the node brought another; null for blocks without ids. */
  readonly nodeId: string | null;
  readonly type: string;
  readonly replacedText: string;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/** Replaces one block, keeping its id when the replacement gives none. */
export async function patchNode(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof patchNodeTool>,
  context: ToolCallContext,
): Promise<PatchNodeResult> {
  let replacement: ProseMirrorNode | undefined;
  let replacedText = '';
  const { after } = await mutatePage(
    dependencies,
    { context, pageId: input.pageId, toolName: 'patchNode' },
    (doc) => {
      const node: unknown = input.node;
      assertValidNode(node, { label: 'node', expectBlock: true });
      const located = resolveBlock(doc, input.nodeId, 'nodeId');
      const oldId = located.node.attrs?.id;
      let candidate: ProseMirrorNode = node;
      if (
        BLOCK_ID_NODE_TYPES.has(candidate.type) &&
        !isBlockId(candidate.attrs?.id) &&
        isBlockId(oldId)
      ) {
        candidate = { ...candidate, attrs: { ...candidate.attrs, id: oldId } };
      }
      // The replaced subtree's ids are free again; any other id already on the page is not.
      const taken = new Set(collectBlockIds(doc));
      for (const id of collectBlockIds(located.node)) taken.delete(id);
      replacement = assignBlockIds(candidate, taken);
      replacedText = extractText(located.node);
      const updated = spliceAtPath(doc, located.path, [replacement]);
      assertValidContainer(
        updated,
        located.path.slice(0, -1),
        'the replacement',
      );
      return updated;
    },
  );
  const id = replacement?.attrs?.id;
  return {
    pageId: after.id,
    nodeId: typeof id === 'string' ? id : null,
    type: replacement!.type,
    replacedText,
    version: after.version,
    historyId: after.historyId,
  };
}
