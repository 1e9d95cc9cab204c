import { abbreviate, ToolError } from '../../ground';
import {
  locateBlock,
  type LocatedBlock,
  parseBlockReference,
  type ProseMirrorNode,
} from '../../document';

/**
 * Resolves a block reference of the structural tools: a block id (any depth, inline nodes
 * excluded) or `#<n>` (a top-level block). Throws a `ToolError` saying where to get valid ones.
 */
export function resolveBlock(
  doc: ProseMirrorNode,
  reference: string,
  field: string,
): LocatedBlock {
  const parsed = parseBlockReference(reference);
  if (!parsed) {
    throw new ToolError(
      'invalid_input',
      `${field} "${abbreviate(reference)}" is neither a block id (as getPage shows it, e.g. "abcde": 5 to 12 lowercase letters) nor a top-level index such as "#3"; get them from getOutline or getPage`,
    );
  }
  if (parsed.kind === 'index') {
    const size = doc.content?.length ?? 0;
    const node = doc.content?.[parsed.index];
    if (node) return { node, path: [parsed.index], parent: doc };
    throw new ToolError(
      'not_found',
      `there is no block #${parsed.index}: the page has ${size} top-level blocks${size > 0 ? ` (#0–#${size - 1})` : ''}; call getOutline for the current blocks`,
      { topLevelBlocks: size },
    );
  }
  const located = locateBlock(doc, parsed.id);
  if (located) return located;
  throw new ToolError(
    'not_found',
    `the page has no block with id "${abbreviate(parsed.id)}"; ids change when blocks are recreated: call getOutline or getPage for current ids`,
  );
}
