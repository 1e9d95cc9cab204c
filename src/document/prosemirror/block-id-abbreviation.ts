import { abbreviate, ToolError } from '../../ground';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * Shortened block ids, as git shortens commit hashes. Docmost's block ids are 12 random
 * lowercase letters, about five o200k tokens each; getPage shows one on every line, which made
 * ids a third of a page's tokens, and every read stays in the history each later request of the
 * chat re-reads. The text views (getPage, getCurrentPage, getOutline, getTable, a comment's
 * anchorBlockId) show each id's shortest start, of at least {@link SHOWN_BLOCK_ID_LETTERS}
 * letters, that no other block id of the page shares; every tool taking a block id accepts such
 * a start as well as the whole id. A start that a block added since then also matches is refused
 * as ambiguous, never resolved to either block. The JSON views (getNode's node, getPageJson)
 * keep whole ids: they are the stored document.
 */

/** The fewest letters of a block id the text views show and the tools accept. */
export const SHOWN_BLOCK_ID_LETTERS = 5;

const BLOCK_ID_START = new RegExp(`^[a-z]{${SHOWN_BLOCK_ID_LETTERS},12}$`);

/** A whole block id or a start of one long enough to be accepted (5 to 12 lowercase letters). */
export function isBlockIdStart(value: unknown): value is string {
  return typeof value === 'string' && BLOCK_ID_START.test(value);
}

/**
 * Every id of the document a shortened id could be mistaken for: any node's `attrs.id` of 5 to
 * 12 lowercase letters (Docmost's editor gives headings and paragraphs 12; other nodes or
 * imported documents may carry others). Names are made unique among all of them, so a name
 * never equals another node's whole id, which an exact lookup would find first.
 */
function blockIdsOf(doc: ProseMirrorNode): string[] {
  const ids: string[] = [];
  const visit = (node: ProseMirrorNode): void => {
    const id = node.attrs?.id;
    if (isBlockIdStart(id)) ids.push(id);
    node.content?.forEach(visit);
  };
  visit(doc);
  return ids;
}

function sharedStartLength(left: string, right: string): number {
  let length = 0;
  while (length < left.length && left[length] === right[length]) length++;
  return length;
}

/**
 * How the text views name each block id of `doc`: its shortest start of at least five letters
 * that no other id of the whole document shares (so a page read in parts shows the same names).
 * Any other id (a uuid), or one the document has twice, is shown whole.
 */
export function blockIdNames(doc: ProseMirrorNode): (id: string) => string {
  const sorted = [...blockIdsOf(doc)].sort();
  const names = new Map<string, string>();
  sorted.forEach((id, index) => {
    const previous = index > 0 ? sharedStartLength(sorted[index - 1]!, id) : 0;
    const next =
      index + 1 < sorted.length ? sharedStartLength(id, sorted[index + 1]!) : 0;
    names.set(
      id,
      id.slice(0, Math.max(SHOWN_BLOCK_ID_LETTERS, previous + 1, next + 1)),
    );
  });
  return (id) => names.get(id) ?? id;
}

/**
 * What `lookUp` finds for `id` in `doc`, or else for the one block id `id` is a start of (a
 * shortened id, as the text views show them): the one rule of every block-id lookup. Several ids
 * sharing the start throw a ToolError (see `expandBlockId`).
 */
export function lookUpBlockId<Found>(
  doc: ProseMirrorNode,
  id: string,
  lookUp: (id: string) => Found | undefined,
): Found | undefined {
  const exact = lookUp(id);
  if (exact !== undefined) return exact;
  const expanded = expandBlockId(doc, id);
  return expanded === undefined || expanded === id
    ? undefined
    : lookUp(expanded);
}

/**
 * The block id `reference` names in `doc`: itself when a block has it, else the one block id
 * that starts with it. Undefined when none does (or `reference` is no block id nor a start of
 * one); a ToolError when several do, since the block the model read may be gone and another one
 * now shares its start.
 */
export function expandBlockId(
  doc: ProseMirrorNode,
  reference: string,
): string | undefined {
  if (!isBlockIdStart(reference)) return undefined;
  const matches = [
    ...new Set(blockIdsOf(doc).filter((id) => id.startsWith(reference))),
  ];
  if (matches.includes(reference)) return reference;
  if (matches.length <= 1) return matches[0];
  throw new ToolError(
    'invalid_input',
    `block id "${abbreviate(reference)}" is the start of ${matches.length} blocks' ids (${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', …' : ''}); use one of these whole ids, or read the page again with getPage or getOutline`,
    { matchingBlockIds: matches.slice(0, 20) },
  );
}
