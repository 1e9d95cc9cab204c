import { extractText } from './extract-text';
import { listTextBlocks, type LocatedNode, type NodePath } from './find-block';
import {
  ATOM_PLACEHOLDER,
  findOccurrences,
  matchableText,
  replaceTextRanges,
} from './inline-text';
import type { ProseMirrorNode } from './prosemirror-node';

/** Exact find/replace of plain text over a document's text blocks, keeping marks. */

/** Characters of context shown on each side of a match. */
const CONTEXT_CHARS = 30;

export interface TextMatch {
  /** `attrs.id` of the text block holding the match; null for blocks without one. */
  readonly blockId: string | null;
  readonly topLevelIndex: number;
  readonly path: NodePath;
  /** Offset of the match in the block's text. */
  readonly offset: number;
  /** The match with up to 30 characters around it, `…` where the block text goes on. */
  readonly context: string;
}

export interface ChangedBlock {
  readonly blockId: string | null;
  readonly topLevelIndex: number;
  readonly path: NodePath;
  readonly replacements: number;
  /** The block's plain text before and after the edit. */
  readonly before: string;
  readonly after: string;
}

export interface ReplaceTextResult {
  readonly doc: ProseMirrorNode;
  readonly replacements: number;
  readonly changedBlocks: readonly ChangedBlock[];
}

export interface TextSearchScope {
  /** Search only inside this node (itself if it is a text block, or the text blocks below it). Default: the whole document. */
  readonly within?: Pick<LocatedNode, 'path'>;
}

function blockId(node: ProseMirrorNode): string | null {
  return typeof node.attrs?.id === 'string' ? node.attrs.id : null;
}

function isInside(path: NodePath, ancestor: NodePath): boolean {
  return (
    ancestor.length <= path.length &&
    ancestor.every((index, depth) => path[depth] === index)
  );
}

function blocksInScope(
  doc: ProseMirrorNode,
  scope: TextSearchScope,
): readonly LocatedNode[] {
  const blocks = listTextBlocks(doc);
  return scope.within
    ? blocks.filter((block) => isInside(block.path, scope.within!.path))
    : blocks;
}

function contextOf(text: string, offset: number, length: number): string {
  const from = Math.max(0, offset - CONTEXT_CHARS);
  const to = Math.min(text.length, offset + length + CONTEXT_CHARS);
  const excerpt = text.slice(from, to).split(ATOM_PLACEHOLDER).join(' ');
  return `${from > 0 ? '…' : ''}${excerpt}${to < text.length ? '…' : ''}`;
}

/** Every occurrence of `find` inside single text blocks, in document order. */
export function findTextMatches(
  doc: ProseMirrorNode,
  find: string,
  scope: TextSearchScope = {},
): readonly TextMatch[] {
  const matches: TextMatch[] = [];
  for (const block of blocksInScope(doc, scope)) {
    const text = matchableText(block.node);
    for (const offset of findOccurrences(text, find)) {
      matches.push({
        blockId: blockId(block.node),
        topLevelIndex: block.topLevelIndex,
        path: block.path,
        offset,
        context: contextOf(text, offset, find.length),
      });
    }
  }
  return matches;
}

interface NodeReplacement {
  readonly path: NodePath;
  readonly node: ProseMirrorNode;
}

/**
 * A copy of `node` with every replacement applied, copying only the nodes on the way to them:
 * one pass, however many blocks change (replacing them one by one would copy the top-level
 * list once per block).
 */
function replaceNodes(
  node: ProseMirrorNode,
  replacements: readonly NodeReplacement[],
): ProseMirrorNode {
  const own = replacements.find((replacement) => replacement.path.length === 0);
  if (own) return own.node;
  const byChild = new Map<number, NodeReplacement[]>();
  for (const { path, node: replacement } of replacements) {
    const group = byChild.get(path[0]!) ?? [];
    group.push({ path: path.slice(1), node: replacement });
    byChild.set(path[0]!, group);
  }
  const content = (node.content ?? []).slice();
  for (const [index, group] of byChild) {
    const child = content[index];
    if (!child) throw new RangeError(`no node at child index ${index}`);
    content[index] = replaceNodes(child, group);
  }
  return { ...node, content };
}

/**
 * Replaces every occurrence of `find` in scope with `replacement`. Each replacement takes the
 * marks at the start of its match; the rest of the block keeps its own. The input is not changed.
 * Linear in the size of the document: each block is rewritten in one pass, the tree once.
 */
export function replaceText(
  doc: ProseMirrorNode,
  find: string,
  replacement: string,
  scope: TextSearchScope = {},
): ReplaceTextResult {
  let replacements = 0;
  const edited: NodeReplacement[] = [];
  const changedBlocks: ChangedBlock[] = [];
  for (const block of blocksInScope(doc, scope)) {
    const offsets = findOccurrences(matchableText(block.node), find);
    if (offsets.length === 0) continue;
    const node = replaceTextRanges(
      block.node,
      offsets,
      find.length,
      replacement,
    );
    edited.push({ path: block.path, node });
    replacements += offsets.length;
    changedBlocks.push({
      blockId: blockId(block.node),
      topLevelIndex: block.topLevelIndex,
      path: block.path,
      replacements: offsets.length,
      before: extractText(block.node),
      after: extractText(node),
    });
  }
  return {
    doc: edited.length === 0 ? doc : replaceNodes(doc, edited),
    replacements,
    changedBlocks,
  };
}
