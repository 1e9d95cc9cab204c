import { isBlockId, type ProseMirrorNode } from '../../../document';

/**
 * What happened to the top-level blocks: the text diff misses changes that keep the text (a
 * heading level, a mark, an attribute), these counts do not. Blocks are paired by `attrs.id`;
 * blocks without one (tables, lists) by their exact content, so a changed table counts as one
 * removed and one added.
 */
export interface BlockChanges {
  readonly before: number;
  readonly after: number;
  readonly unchanged: number;
  readonly modified: number;
  readonly added: number;
  readonly removed: number;
}

function blockId(block: ProseMirrorNode): string | undefined {
  const id = block.attrs?.id;
  return isBlockId(id) ? id : undefined;
}

export function compareBlocks(
  before: readonly ProseMirrorNode[],
  after: readonly ProseMirrorNode[],
): BlockChanges {
  const unmatchedById = new Map<string, string>();
  const unmatchedByContent = new Map<string, number>();
  for (const block of before) {
    const id = blockId(block);
    const json = JSON.stringify(block);
    if (id !== undefined && !unmatchedById.has(id)) unmatchedById.set(id, json);
    else unmatchedByContent.set(json, (unmatchedByContent.get(json) ?? 0) + 1);
  }
  let unchanged = 0;
  let modified = 0;
  let added = 0;
  for (const block of after) {
    const id = blockId(block);
    const json = JSON.stringify(block);
    const previous = id === undefined ? undefined : unmatchedById.get(id);
    if (previous !== undefined) {
      unmatchedById.delete(id!);
      if (previous === json) unchanged++;
      else modified++;
      continue;
    }
    const sameContent = unmatchedByContent.get(json) ?? 0;
    if (sameContent > 0) {
      unmatchedByContent.set(json, sameContent - 1);
      unchanged++;
    } else {
      added++;
    }
  }
  let removed = unmatchedById.size;
  for (const count of unmatchedByContent.values()) removed += count;
  return {
    before: before.length,
    after: after.length,
    unchanged,
    modified,
    added,
    removed,
  };
}
