/** One block holding text (paragraph, heading, code block, …) of a ProseMirror document. */
export interface TextBlock {
  readonly type: string;
  /** `attrs.id`; null for blocks the editor gives no id. */
  readonly id: string | null;
  readonly text: string;
}

interface NodeLike {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly attrs?: { readonly id?: unknown } | null;
  readonly content?: unknown;
}

function childrenOf(node: NodeLike): NodeLike[] {
  return Array.isArray(node.content)
    ? (node.content as NodeLike[]).filter(
        (child) => typeof child === 'object' && child !== null,
      )
    : [];
}

function inlineText(nodes: readonly NodeLike[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' && typeof node.text === 'string'
        ? node.text
        : node.type === 'hardBreak'
          ? '\n'
          : '',
    )
    .join('');
}

/** The text blocks of a document in reading order, table cells and list items included. */
export function textBlocks(document: unknown): TextBlock[] {
  const blocks: TextBlock[] = [];
  const visit = (node: NodeLike): void => {
    const children = childrenOf(node);
    const isTextBlock =
      children.length > 0 &&
      children.every(
        (child) => child.type === 'text' || child.type === 'hardBreak',
      );
    const emptyParagraph =
      children.length === 0 &&
      (node.type === 'paragraph' || node.type === 'heading');
    if (isTextBlock || emptyParagraph) {
      const id = node.attrs?.id;
      blocks.push({
        type: String(node.type),
        id: typeof id === 'string' ? id : null,
        text: inlineText(children),
      });
      return;
    }
    children.forEach(visit);
  };
  if (typeof document === 'object' && document !== null)
    visit(document as NodeLike);
  return blocks;
}

/** One difference between two documents' text blocks, as a check reports it. */
export interface BlockChange {
  readonly kind: 'added' | 'removed' | 'changed';
  readonly id: string | null;
  readonly before?: string;
  readonly after?: string;
}

/**
 * Which text blocks differ between two versions of a page, matched by id (blocks without an id
 * by their position among id-less blocks). An inline comment anchor is a mark, not text, so it
 * changes nothing here.
 */
export function changedBlocks(before: unknown, after: unknown): BlockChange[] {
  const key = (blocks: TextBlock[]) => {
    let anonymous = 0;
    return new Map(
      blocks.map((block) => [block.id ?? `#${anonymous++}`, block] as const),
    );
  };
  const old = key(textBlocks(before));
  const current = key(textBlocks(after));
  const changes: BlockChange[] = [];
  for (const [id, block] of old) {
    const now = current.get(id);
    if (now === undefined)
      changes.push({ kind: 'removed', id: block.id, before: block.text });
    else if (now.text !== block.text)
      changes.push({
        kind: 'changed',
        id: block.id,
        before: block.text,
        after: now.text,
      });
  }
  for (const [id, block] of current)
    if (!old.has(id))
      changes.push({ kind: 'added', id: block.id, after: block.text });
  return changes;
}

/** A change list in a few words, for a check's detail. */
export function describeChanges(changes: readonly BlockChange[]): string {
  if (changes.length === 0) return 'no block changed';
  return (
    changes
      .slice(0, 3)
      .map(
        (change) =>
          `${change.kind} ${change.id ?? 'block'}${change.after === undefined ? '' : ` "${change.after.slice(0, 60)}"`}`,
      )
      .join(', ') +
    (changes.length > 3 ? ` and ${changes.length - 3} more` : '')
  );
}
