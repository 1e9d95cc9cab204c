import type { ToolCallContext } from '../../registry';
import { abbreviate, ToolError } from '../../ground';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import type { getNodeTool } from './reading.tools';
import {
  parseBlockReference,
  type NodePath,
  type ProseMirrorNode,
} from '../../document';
import {
  refuseOversizedOutput,
  type ReadingHeavyTasks,
} from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { viewOfPage } from './page-view';

export interface PageNode {
  readonly pageId: string;
  readonly version: string;
  readonly block: string;
  /** Index of the top-level block that is or contains the node. */
  readonly topLevelIndex: number;
  /** Child indexes from the document root. */
  readonly path: NodePath;
  readonly text: string;
  readonly node: ProseMirrorNode;
}

/** One block of a page, by block id (any depth) or `#<index>` (top level). */
export async function getNode(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getNodeTool>,
  context: ToolCallContext,
): Promise<PageNode> {
  const reference = parseBlockReference(input.block);
  if (!reference) {
    throw new ToolError(
      'invalid_input',
      `block "${abbreviate(input.block)}" is neither a block id (as getPage shows it, e.g. "abcde": 5 to 12 lowercase letters) nor a top-level index such as "#3"; get them from getOutline or getPage`,
    );
  }
  const page = await readPage({ db, livePages }, context, input.pageId, {
    largeDocumentAsText: true,
  });
  const view = await viewOfPage(
    heavyWork,
    page,
    'blockView',
    { block: input.block },
    { context, toolName: 'getNode' },
  );
  if (!view.found) {
    const size = view.topLevelBlocks;
    throw new ToolError(
      'not_found',
      reference.kind === 'index'
        ? `page ${abbreviate(input.pageId)} has ${size === 0 ? 'no blocks' : `${size} top-level blocks (#0–#${size - 1})`}; there is no block #${reference.index}. Call getOutline for the current blocks.`
        : `page ${abbreviate(input.pageId)} has no block with id "${abbreviate(reference.id)}"; ids change when blocks are recreated. Call getOutline (top-level ids and #<index>) or getPage (ids of every paragraph, list item and table cell) for current ids.`,
      { pageId: page.id, block: input.block, topLevelBlocks: size },
    );
  }
  const result: PageNode = {
    pageId: page.id,
    version: page.version,
    block: input.block,
    topLevelIndex: view.topLevelIndex,
    path: view.path,
    text: view.text,
    node: view.node,
  };
  return refuseOversizedOutput(result, {
    what: `block ${abbreviate(input.block)} of page ${page.id}`,
    readInstead:
      "read a smaller part: getNode with the id of a paragraph, heading or list item inside it (getPage lists them with their ids), getTable for a table's cells, getPage (fromBlock) for its text; stashPage hands the whole page over by URL",
  });
}
