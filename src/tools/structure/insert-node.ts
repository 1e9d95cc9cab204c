import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import type { insertNodeTool } from './structure.tools';
import { mutatePage } from '../page-store';
import {
  assignBlockIds,
  collectBlockIds,
  insertAtPath,
} from '../prosemirror/block-tree';
import { nodeAtPath, type NodePath } from '../prosemirror/find-block';
import { REQUIRED_PARENT_TYPES } from '../prosemirror/node-schema';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import { assertValidNode } from '../prosemirror/validate-node';
import { assertValidContainer } from './assert-valid-container';
import { resolveBlock } from './resolve-block';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface InsertNodeResult {
  readonly pageId: string;
  /** The new block's id; null for blocks without ids (tables, lists, images). */
  readonly nodeId: string | null;
  readonly type: string;
  /** `#<n>` position when the block landed at the top level; null when nested. */
  readonly outlineIndex: number | null;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

/**
 * Where a node anchored at `anchorPath` goes. A node that only lives in certain containers (a
 * listItem, a tableRow) climbs from the anchor to the nearest ancestor it can be a sibling of.
 */
function siblingPath(
  doc: ProseMirrorNode,
  anchorPath: NodePath,
  type: string,
): NodePath {
  const parents = REQUIRED_PARENT_TYPES[type];
  if (parents === undefined) return anchorPath;
  for (let path = anchorPath; path.length > 0; path = path.slice(0, -1)) {
    if (parents.includes(nodeAtPath(doc, path.slice(0, -1))?.type ?? 'doc'))
      return path;
  }
  throw new ToolError(
    'invalid_input',
    `${withArticle(type)} can only be inserted into ${parents.join(' or ')}, and the anchor is not inside one; anchor on a block inside the ${parents.join('/')} you mean`,
  );
}

function withArticle(type: string): string {
  return `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;
}

/** Inserts one block before/after an anchor block, or at the end of the page. */
export async function insertNode(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof insertNodeTool>,
  context: ToolCallContext,
): Promise<InsertNodeResult> {
  if (input.position !== 'append' && input.anchorNodeId === undefined) {
    throw new ToolError(
      'invalid_input',
      `position "${input.position}" needs anchorNodeId (a block id or "#<n>"); use position "append" to add at the end of the page`,
    );
  }
  let inserted: ProseMirrorNode | undefined;
  let insertedPath: NodePath = [];
  const { after } = await mutatePage(
    dependencies,
    { context, pageId: input.pageId, toolName: 'insertNode' },
    (doc) => {
      const node: unknown = input.node;
      assertValidNode(node, { label: 'node', expectBlock: true });
      if (input.position === 'append') {
        if (REQUIRED_PARENT_TYPES[node.type] !== undefined) {
          throw new ToolError(
            'invalid_input',
            `${withArticle(node.type)} cannot stand at the top level of a page; insert it before/after a block inside the ${REQUIRED_PARENT_TYPES[node.type]!.join('/')} it belongs to`,
          );
        }
        insertedPath = [doc.content?.length ?? 0];
      } else {
        const anchor = resolveBlock(doc, input.anchorNodeId!, 'anchorNodeId');
        const sibling = siblingPath(doc, anchor.path, node.type);
        const index =
          sibling[sibling.length - 1]! + (input.position === 'after' ? 1 : 0);
        insertedPath = [...sibling.slice(0, -1), index];
      }
      inserted = assignBlockIds(node, new Set(collectBlockIds(doc)));
      const updated = insertAtPath(doc, insertedPath, [inserted]);
      assertValidContainer(updated, insertedPath.slice(0, -1), 'the new node');
      return updated;
    },
  );
  const id = inserted?.attrs?.id;
  return {
    pageId: after.id,
    nodeId: typeof id === 'string' ? id : null,
    type: inserted!.type,
    outlineIndex: insertedPath.length === 1 ? insertedPath[0]! : null,
    version: after.version,
    historyId: after.historyId,
  };
}
