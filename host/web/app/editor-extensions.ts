import { Mark, Node, type AnyExtension } from '@tiptap/core';

/** Docmost's editor schema as `GET /api/web/editor-schema` describes it (the module's tables). */
export interface EditorSchemaDescription {
  readonly nodes: readonly {
    readonly name: string;
    readonly inline: boolean;
    readonly textBlock: boolean;
    readonly leaf: boolean;
    readonly children?: readonly string[];
    readonly nonEmpty: boolean;
    readonly firstChild?: string;
    readonly attributes: readonly string[];
  }[];
  readonly marks: readonly {
    readonly name: string;
    readonly attributes: readonly string[];
  }[];
}

type NodeDescription = EditorSchemaDescription['nodes'][number];

/** How a node type shows in the editor: a tag, with a hole for its content unless it is a leaf. */
const NODE_TAGS: Readonly<Record<string, string>> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  taskList: 'ul',
  taskItem: 'li',
  codeBlock: 'pre',
  horizontalRule: 'hr',
  hardBreak: 'br',
  table: 'table',
  tableRow: 'tr',
  tableCell: 'td',
  tableHeader: 'th',
};

const MARK_TAGS: Readonly<Record<string, string>> = {
  bold: 'strong',
  italic: 'em',
  strike: 's',
  underline: 'u',
  code: 'code',
  link: 'a',
  highlight: 'mark',
  superscript: 'sup',
  subscript: 'sub',
};

/** Every attribute declared, none written to the DOM: values such as URLs stay data. */
function attributesOf(names: readonly string[]) {
  return Object.fromEntries(
    names.map((name) => [name, { default: null, rendered: false }]),
  );
}

function contentOf(node: NodeDescription): string | undefined {
  if (node.leaf) return undefined;
  if (node.name === 'doc') return 'block+';
  if (node.name === 'codeBlock') return 'text*';
  if (node.textBlock) return 'inline*';
  if (node.firstChild) return `${node.firstChild} block*`;
  const repeat = node.nonEmpty ? '+' : '*';
  if (node.children) return `(${node.children.join(' | ')})${repeat}`;
  return `block${repeat}`;
}

function nodeExtension(
  node: NodeDescription,
  childOnly: ReadonlySet<string>,
): AnyExtension {
  const { name } = node;
  if (name === 'text') return Node.create({ name, group: 'inline' });
  const group = node.inline
    ? 'inline'
    : name === 'doc' || childOnly.has(name)
      ? undefined
      : 'block';
  const tag = NODE_TAGS[name];
  return Node.create({
    name,
    topNode: name === 'doc',
    ...(group && { group }),
    ...(node.inline && { inline: true }),
    ...(node.leaf && { atom: true }),
    ...(contentOf(node) !== undefined && { content: contentOf(node) }),
    ...(name === 'codeBlock' && { marks: '', code: true }),
    defining: node.textBlock,
    addAttributes: () => attributesOf(node.attributes),
    parseHTML: () =>
      name === 'heading'
        ? [1, 2, 3, 4, 5, 6].map((level) => ({
            tag: `h${level}`,
            attrs: { level },
          }))
        : [{ tag: tag ?? `[data-type="${name}"]` }],
    renderHTML: ({ node: instance }) => {
      if (name === 'heading') {
        const level = Number(instance.attrs.level);
        return [`h${level >= 1 && level <= 6 ? level : 2}`, 0];
      }
      if (name === 'mention')
        return [
          'span',
          { class: 'mention' },
          `@${String(instance.attrs.label ?? '')}`,
        ];
      if (name === 'codeBlock') return ['pre', ['code', 0]];
      if (name === 'table') return ['table', ['tbody', 0]];
      if (tag) return node.leaf ? [tag] : [tag, 0];
      // Everything else keeps its type visible; a leaf (image, embed, …) shows as a label and
      // loads nothing.
      return node.leaf
        ? ['span', { 'data-type': name, class: 'leaf' }, `[${name}]`]
        : ['div', { 'data-type': name, class: `block block-${name}` }, 0];
    },
  });
}

function markExtension(
  mark: EditorSchemaDescription['marks'][number],
): AnyExtension {
  const { name } = mark;
  const tag = MARK_TAGS[name] ?? 'span';
  return Mark.create({
    name,
    inclusive: name !== 'link' && name !== 'comment',
    addAttributes: () => attributesOf(mark.attributes),
    parseHTML: () => [{ tag: MARK_TAGS[name] ?? `span[data-mark="${name}"]` }],
    renderHTML: () => [tag, { 'data-mark': name, class: `mark-${name}` }, 0],
  });
}

/**
 * Tiptap extensions for every node and mark type of Docmost's editor, with every attribute it
 * declares. The collaborative binding removes from the shared document whatever its schema
 * cannot hold, and drops undeclared attributes (block ids) at the next edit of a block: an
 * editor on Docmost's pages must know all of them, not only what it can render nicely.
 */
export function editorExtensions(
  schema: EditorSchemaDescription,
): AnyExtension[] {
  const childOnly = new Set(
    schema.nodes.flatMap((node) =>
      (node.children ?? []).filter((child) => child !== 'text'),
    ),
  );
  return [
    ...schema.nodes.map((node) => nodeExtension(node, childOnly)),
    ...schema.marks.map(markExtension),
  ];
}
