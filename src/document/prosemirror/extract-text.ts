/**
 * Plain text of a ProseMirror (TipTap) JSON document, as stored in `pages.text_content`.
 *
 * Every text block (a node whose children are inline: paragraph, heading, code block, …)
 * becomes one line; container nodes (lists, tables, blockquotes, the doc) join the lines of
 * their blocks with "\n". Blocks without text (an empty paragraph, an image, a rule) add no
 * line, so search and snippets never see runs of blank lines.
 */

interface NodeJson {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly attrs?: unknown;
  readonly content?: unknown;
}

/** Inline atoms that carry text outside a `text` node. */
const INLINE_ATOMS = new Set(['hardBreak', 'mention', 'emoji', 'mathInline']);

function isNode(value: unknown): value is NodeJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function children(node: NodeJson): readonly NodeJson[] {
  return Array.isArray(node.content) ? node.content.filter(isNode) : [];
}

function isInline(node: NodeJson): boolean {
  return (
    node.type === 'text' ||
    (typeof node.type === 'string' && INLINE_ATOMS.has(node.type))
  );
}

function attribute(node: NodeJson, name: string): string {
  if (!isNode(node.attrs)) return '';
  const value = (node.attrs as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function inlineText(node: NodeJson): string {
  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' ? node.text : '';
    case 'hardBreak':
      return '\n';
    case 'mention':
      return attribute(node, 'label');
    case 'emoji':
      return attribute(node, 'name') === ''
        ? ''
        : `:${attribute(node, 'name')}:`;
    case 'mathInline':
      return attribute(node, 'text');
    default:
      return '';
  }
}

function blockLines(node: NodeJson): string[] {
  const nodes = children(node);
  if (nodes.length > 0 && nodes.every(isInline)) {
    const line = nodes.map(inlineText).join('');
    return line === '' ? [] : [line];
  }
  return nodes.flatMap((child) =>
    isInline(child)
      ? [inlineText(child)].filter((text) => text !== '')
      : blockLines(child),
  );
}

/** Plain text of a ProseMirror JSON node (usually the `doc`); '' for anything that is not a node. */
export function extractText(doc: unknown): string {
  if (!isNode(doc)) return '';
  if (isInline(doc)) return inlineText(doc);
  return blockLines(doc).join('\n');
}
